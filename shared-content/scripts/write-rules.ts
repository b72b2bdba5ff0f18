// Writes ../database.rules.json from src/rules/build-rules.ts.
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { rulesText } from "../src/rules/build-rules";

const target = fileURLToPath(new URL("../../database.rules.json", import.meta.url));
writeFileSync(target, rulesText());
console.log(`wrote ${target}`);

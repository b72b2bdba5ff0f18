// Before the shell's site deploys (firebase.json's predeploy for hosting:shell): checks the
// production config (deploy/config.json, or the file named by PRODUCTION_CONFIG) and the build,
// then writes the config and robots.txt's Sitemap line into shell/dist. Refuses, with every
// reason, a config or a build that names a local address.
import { existsSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { repoRoot } from "dev-tools/stack-config";
import { filesWithLocalAddresses, productionConfigProblems } from "dev-tools/production-config";
import { writeRobotsTxt } from "./lib/robots";

const file = resolve(process.env.PRODUCTION_CONFIG || join(repoRoot, "deploy", "config.json"));
const dist = join(repoRoot, "shell", "dist");
function refuse(lines: string[]): never {
  console.error(`Refusing to deploy the shell:\n${lines.map((l) => `  - ${l}`).join("\n")}`);
  process.exit(1);
}

if (!existsSync(file)) refuse([`${file} does not exist: copy deploy/config.example.json there and fill it in (shell/README.md, "Deploying")`]);
if (!existsSync(join(dist, "app.html"))) refuse(["shell/dist is not built: run `npm run build` first"]);
let config: { site: { url: string } };
try {
  config = JSON.parse(await readFile(file, "utf8"));
} catch (error) {
  refuse([`${file} is not valid JSON: ${error instanceof Error ? error.message : error}`]);
}
const problems = productionConfigProblems(config).map((p) => `${file}: ${p}`);
for (const path of await filesWithLocalAddresses(dist)) problems.push(`${path} names a local address: rebuild with \`npm run build\` (a development build?)`);
if (problems.length) refuse(problems);
await writeFile(join(dist, "config.json"), `${JSON.stringify(config, null, 2)}\n`);
await writeRobotsTxt(dist, config.site.url);
console.log(`shell/dist/config.json written from ${file}; robots.txt names ${config.site.url.replace(/\/+$/, "")}/sitemap.xml`);

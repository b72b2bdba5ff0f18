import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { REMOTE_LIST } from "federation-kit/remotes";
import { REMOTE_SCREENS } from "./screens";

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..");

describe("the shell's screens match what each remote exposes", () => {
  for (const { name: remote, dir } of REMOTE_LIST) {
    it(`${remote} (${dir}/src/exposes.json)`, () => {
      const exposes = JSON.parse(readFileSync(join(repoRoot, dir, "src", "exposes.json"), "utf8")) as Record<string, string>;
      const exposed = Object.keys(exposes)
        .map((k) => k.replace(/^\.\//, ""))
        .sort();
      expect(exposed).toEqual([...REMOTE_SCREENS[remote]].sort());
    });
  }
});

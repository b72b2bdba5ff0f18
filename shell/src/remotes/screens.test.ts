import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { REMOTE_SCREENS } from "./screens";

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..");
const folders = { remote_home: "remote-home", remote_blog: "remote-blog", remote_admin: "remote-admin" } as const;

describe("the shell's screens match what each remote exposes", () => {
  for (const [remote, folder] of Object.entries(folders)) {
    it(`${remote} (${folder}/src/exposes.json)`, () => {
      const exposes = JSON.parse(readFileSync(join(repoRoot, folder, "src", "exposes.json"), "utf8")) as Record<string, string>;
      const exposed = Object.keys(exposes)
        .map((k) => k.replace(/^\.\//, ""))
        .sort();
      expect(exposed).toEqual([...REMOTE_SCREENS[remote as keyof typeof folders]].sort());
    });
  }
});

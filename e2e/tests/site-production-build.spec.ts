// The production build carries no local address: the shell's and the remotes' dist folders are
// what deploys, and the runtime config is written into the shell's only at deploy time, from
// deploy/config.json (scripts/deploy-config.ts), after the same check.
import { spawnSync } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { filesWithLocalAddresses } from "dev-tools/production-config";
import { REMOTE_LIST } from "federation-kit/remotes";
import { expect, test } from "../fixtures";

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");

test("no built file names a local address, and the deploy step refuses a config that does", async () => {
  for (const app of ["shell", ...REMOTE_LIST.map((r) => r.dir)]) expect(await filesWithLocalAddresses(join(repoRoot, app, "dist")), app).toEqual([]);

  const dir = await mkdtemp(join(tmpdir(), "deploy-config-"));
  try {
    const file = join(dir, "config.json");
    await writeFile(
      file,
      JSON.stringify({
        firebase: { projectId: "demo-portfolio", databaseURL: "http://127.0.0.1:9000/?ns=x" },
        remotes: {},
        site: { url: "http://localhost:4173" },
      }),
    );
    // As firebase.json's predeploy step runs it.
    const run = spawnSync("npx", ["tsx", join(repoRoot, "scripts", "deploy-config.ts")], {
      cwd: repoRoot,
      env: { ...process.env, PRODUCTION_CONFIG: file },
      encoding: "utf8",
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("Refusing to deploy the shell");
    expect(run.stderr).toContain("firebase.databaseURL names a local address");
    expect(run.stderr).toContain("site.url names a local address");
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

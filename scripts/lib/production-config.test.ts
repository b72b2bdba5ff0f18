import { mkdtemp, mkdir, rm, writeFile } from "node:fs/promises";
import { readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runtimeConfig } from "dev-tools/stack-config";
import { filesWithLocalAddresses, productionConfigProblems } from "dev-tools/production-config";

const production = {
  firebase: {
    apiKey: "AIza",
    authDomain: "p.firebaseapp.com",
    projectId: "my-portfolio",
    appId: "1:2:web:3",
    databaseURL: "https://p-default-rtdb.firebaseio.com",
    storageBucket: "my-portfolio.firebasestorage.app",
  },
  remotes: { remote_blog: "https://p-blog.web.app/mf-manifest.json" },
  site: { url: "https://example.com" },
};

describe("the production config check", () => {
  it("accepts a production config", () => {
    expect(productionConfigProblems(production)).toEqual([]);
  });

  it("refuses the local stack's config, naming every local address", () => {
    const local = runtimeConfig({
      ports: { site: 4173, auth: 9099, database: 9000, storage: 9199, remote_home: 4178, remote_blog: 4179, remote_admin: 4180, preview: 4183 },
    });
    const problems = productionConfigProblems(local);
    expect(problems).toContain("it has an `emulators` section (local only): remove it");
    expect(problems).toContain("firebase.databaseURL names a local address: http://127.0.0.1:9000/?ns=demo-portfolio-default-rtdb");
    expect(problems).toContain("remotes.remote_blog must use https: http://127.0.0.1:4179/mf-manifest.json");
    expect(problems).toContain("firebase.projectId demo-portfolio is a demo project (emulators only)");
  });

  it("needs the Storage bucket, by its bare name", () => {
    const { storageBucket: _bucket, ...withoutBucket } = production.firebase;
    expect(productionConfigProblems({ ...production, firebase: withoutBucket })).toEqual([
      "firebase.storageBucket is missing: pictures are stored and shown from the project's Storage bucket",
    ]);
    expect(productionConfigProblems({ ...production, firebase: { ...production.firebase, storageBucket: "gs://my-portfolio.firebasestorage.app" } })).toEqual([
      "firebase.storageBucket must be the bucket's bare name (no gs:// or https://): gs://my-portfolio.firebasestorage.app",
    ]);
  });

  it("refuses the example left unfilled and a missing site URL", () => {
    const example = JSON.parse(readFileSync(new URL("../../deploy/config.example.json", import.meta.url), "utf8"));
    expect(productionConfigProblems(example)).toContain("it still holds a <placeholder> from the example");
    const { site: _site, ...withoutSite } = production;
    expect(productionConfigProblems(withoutSite)[0]).toMatch(/site\.url is missing/);
  });

  it("finds a built file that names a loopback address, not the config it replaces", async () => {
    const dir = await mkdtemp(join(tmpdir(), "dist-"));
    try {
      await mkdir(join(dir, "assets"));
      await writeFile(join(dir, "assets", "app.js"), 'const a = "https://example.com";');
      await writeFile(join(dir, "config.json"), '{"x":"http://127.0.0.1:9000"}');
      expect(await filesWithLocalAddresses(dir)).toEqual([]);
      await writeFile(join(dir, "assets", "dev.js"), 'fetch("http://127.0.0.1:9099/x")');
      expect(await filesWithLocalAddresses(dir)).toEqual([join(dir, "assets", "dev.js")]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { RuntimeConfig } from "runtime-config";
import { contentSecurityPolicy, databaseSources } from "./csp";

const production: RuntimeConfig = {
  firebase: { apiKey: "k", authDomain: "p.firebaseapp.com", projectId: "p", appId: "a", databaseURL: "https://p-default-rtdb.firebaseio.com" },
  remotes: {
    remote_home: "https://home.example.net/mf-manifest.json",
    remote_blog: "https://blog.example.net/v2/mf-manifest.json",
    remote_admin: "/admin/mf-manifest.json",
  },
};
const local: RuntimeConfig = {
  firebase: { apiKey: "k", authDomain: "", projectId: "demo-p", appId: "", databaseURL: "http://127.0.0.1:9000/?ns=demo-p" },
  remotes: { remote_home: "http://127.0.0.1:4178/mf-manifest.json" },
  emulators: { auth: "http://127.0.0.1:9099", database: { host: "127.0.0.1", port: 9000 } },
};

const directives = (policy: string) => Object.fromEntries(policy.split("; ").map((d) => [d.split(" ")[0], d.split(" ").slice(1)]));
const sha = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

describe("the documents' Content-Security-Policy", () => {
  it("lets scripts come from the site and the remotes' origins, never a database host; inline ones only by hash", () => {
    const p = directives(contentSecurityPolicy(production, ["theme()", "boot()", "theme()"]));
    expect(p["script-src"]).toEqual(["'self'", sha("theme()"), sha("boot()"), "https://home.example.net", "https://blog.example.net"]);
    // No host of the database's domain may serve script (its REST API answers JSONP) or frames.
    expect(p["script-src"]!.some((s: string) => s.includes("*"))).toBe(false);
    expect(p["frame-src"]).toEqual(["'none'"]);
    expect(p["script-src"]).not.toContain("'unsafe-inline'");
    expect(p["script-src"]).not.toContain("'unsafe-eval'");
    expect(p["frame-ancestors"]).toEqual(["'none'"]);
    expect(p["object-src"]).toEqual(["'none'"]);
    expect(p["base-uri"]).toEqual(["'none'"]);
  });

  it("lets connections go to the site, the remotes, the database (shards included) and Firebase Auth", () => {
    const p = directives(contentSecurityPolicy(production, []));
    expect(p["connect-src"]).toEqual([
      "'self'",
      "https://home.example.net",
      "https://blog.example.net",
      "https://p-default-rtdb.firebaseio.com",
      "https://*.firebaseio.com",
      "wss://p-default-rtdb.firebaseio.com",
      "wss://*.firebaseio.com",
      "https://identitytoolkit.googleapis.com",
      "https://securetoken.googleapis.com",
    ]);
  });

  it("on the local stack, names the emulators instead of Firebase's hosts", () => {
    const p = directives(contentSecurityPolicy(local, []));
    expect(p["connect-src"]).toEqual(["'self'", "http://127.0.0.1:4178", "http://127.0.0.1:9000", "ws://127.0.0.1:9000", "http://127.0.0.1:9099"]);
    expect(p["script-src"]).toEqual(["'self'", "http://127.0.0.1:4178"]);
  });

  it("admits the Storage bucket's origin for pictures and the admin's uploads, and nothing more", () => {
    const withBucket = (c: RuntimeConfig): RuntimeConfig => ({ ...c, firebase: { ...c.firebase, storageBucket: "p.firebasestorage.app" } });
    const prod = directives(contentSecurityPolicy(withBucket(production), []));
    expect(prod["img-src"]).toEqual(["'self'", "data:", "https:", "https://firebasestorage.googleapis.com"]);
    expect(prod["connect-src"]).toContain("https://firebasestorage.googleapis.com");
    expect(prod["script-src"]!.some((s: string) => s.includes("firebasestorage"))).toBe(false);
    const emulated = directives(
      contentSecurityPolicy(withBucket({ ...local, emulators: { ...local.emulators, storage: { host: "127.0.0.1", port: 9199 } } }), []),
    );
    expect(emulated["img-src"]).toEqual(["'self'", "data:", "https:", "http://127.0.0.1:9199"]);
    expect(emulated["connect-src"]).toContain("http://127.0.0.1:9199");
    expect(emulated["script-src"]).not.toContain("http://127.0.0.1:9199");
    expect(emulated["style-src"]).not.toContain("http://127.0.0.1:9199");
    // Without a bucket nothing is added.
    expect(directives(contentSecurityPolicy(production, []))["img-src"]).toEqual(["'self'", "data:", "https:"]);
  });

  it("a regional database allows its region's shard hosts", () => {
    const regional = { ...production, firebase: { ...production.firebase, databaseURL: "https://p-default-rtdb.europe-west1.firebasedatabase.app" } };
    expect(databaseSources(regional).ws).toEqual(["wss://p-default-rtdb.europe-west1.firebasedatabase.app", "wss://*.europe-west1.firebasedatabase.app"]);
  });

  it("admits the config's preview origins as code origins, and nothing else", () => {
    const p = directives(contentSecurityPolicy({ ...production, previewOrigins: ["https://blog--rel-1-4-0.web.app"] }, []));
    expect(p["script-src"]).toContain("https://blog--rel-1-4-0.web.app");
    expect(p["connect-src"]).toContain("https://blog--rel-1-4-0.web.app");
    expect(directives(contentSecurityPolicy(production, []))["script-src"]!.some((s: string) => s.includes("web.app"))).toBe(false);
  });

  it("hashes each script exactly as written", () => {
    expect(directives(contentSecurityPolicy(local, ["\n e \n"]))["script-src"]).toContain(sha("\n e \n"));
    expect(directives(contentSecurityPolicy(local, ["\n e \n"]))["script-src"]).not.toContain(sha("e"));
  });
});

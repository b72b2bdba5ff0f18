import { afterEach, describe, expect, it, vi } from "vitest";
import { localStackConfig } from "./local-stack";
import { RuntimeConfigError, loadRuntimeConfig, parseRuntimeConfig } from "./index";

const valid = {
  firebase: {
    apiKey: "demo-api-key",
    authDomain: "demo-portfolio.firebaseapp.com",
    projectId: "demo-portfolio",
    appId: "demo-app",
    databaseURL: "http://127.0.0.1:9000/?ns=demo-portfolio-default-rtdb",
  },
  emulators: { auth: "http://127.0.0.1:9099", database: { host: "127.0.0.1", port: 9000 } },
  remotes: { remote_home: "http://127.0.0.1:4174/mf-manifest.json" },
};

describe("parseRuntimeConfig", () => {
  it("accepts the contract shape", () => {
    expect(parseRuntimeConfig(valid)).toEqual(valid);
  });
  it("keeps the times before which a remote's preview links are revoked", () => {
    expect(parseRuntimeConfig({ ...valid, previewsRevokedBefore: { remote_home: 1_800_000_000 } }).previewsRevokedBefore).toEqual({
      remote_home: 1_800_000_000,
    });
  });
  it("takes a canary per remote, and refuses one it cannot serve, naming the field", () => {
    const canary = { entry: "http://127.0.0.1:4174/releases/1.0.1-b/mf-manifest.json", release: "1.0.1-b", percent: 50, startedAt: "2026-11-26T17:00:00.000Z" };
    expect(parseRuntimeConfig({ ...valid, canaries: { remote_home: canary } }).canaries).toEqual({ remote_home: canary });
    const refused = (c: unknown) => () => parseRuntimeConfig({ ...valid, canaries: { remote_home: c } });
    expect(refused({ ...canary, percent: 0 })).toThrow("config.canaries.remote_home.percent must be a whole number from 1 to 99");
    expect(refused({ ...canary, percent: 100 })).toThrow(/percent/);
    expect(refused({ ...canary, percent: 12.5 })).toThrow(/percent/);
    expect(refused({ ...canary, entry: "javascript:alert(1)" })).toThrow("config.canaries.remote_home.entry must be an http(s) URL or an absolute path");
    expect(refused({ ...canary, release: "" })).toThrow(/release/);
    expect(refused({ ...canary, startedAt: "yesterday" })).toThrow(/startedAt/);
    expect(() => parseRuntimeConfig({ ...valid, canaries: [] })).toThrow(/config.canaries must be an object/);
  });
  it("accepts a production config without emulators", () => {
    const { emulators: _e, ...prod } = valid;
    expect(parseRuntimeConfig(prod).emulators).toBeUndefined();
  });
  it.each([
    ["not an object", 3],
    ["no firebase", { remotes: {} }],
    ["missing apiKey", { ...valid, firebase: { ...valid.firebase, apiKey: "" } }],
    ["remote url not http", { ...valid, remotes: { remote_home: "javascript:alert(1)" } }],
    ["bad database emulator", { ...valid, emulators: { database: { host: "x" } } }],
    ["a preview revocation time that is not a number", { ...valid, previewsRevokedBefore: { remote_home: "yesterday" } }],
  ])("refuses %s", (_name, value) => {
    expect(() => parseRuntimeConfig(value)).toThrow(RuntimeConfigError);
  });
});

describe("loadRuntimeConfig", () => {
  afterEach(() => vi.unstubAllGlobals());
  it("fetches without cache and parses", async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify(valid), { status: 200 }));
    vi.stubGlobal("fetch", fetchMock);
    await expect(loadRuntimeConfig()).resolves.toEqual(valid);
    expect(fetchMock).toHaveBeenCalledWith("/config.json", { cache: "no-store" });
  });
  it("reports an HTTP failure", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response("nope", { status: 404 })),
    );
    await expect(loadRuntimeConfig("/c.json")).rejects.toThrow("HTTP 404");
  });
});

describe("localStackConfig", () => {
  it("names the emulators on the given ports and passes its own shape check", () => {
    const config = localStackConfig({ authPort: 19099, databasePort: 19000, storagePort: 19199 });
    expect(parseRuntimeConfig(config)).toEqual(config);
    expect(config.emulators).toEqual({
      auth: "http://127.0.0.1:19099",
      database: { host: "127.0.0.1", port: 19000 },
      storage: { host: "127.0.0.1", port: 19199 },
    });
    expect(config.firebase.databaseURL).toBe("http://127.0.0.1:19000/?ns=demo-portfolio-default-rtdb");
    expect(config.firebase.storageBucket).toBe("demo-portfolio.appspot.com");
    expect(localStackConfig().emulators?.storage).toEqual({ host: "127.0.0.1", port: 9199 });
  });
});

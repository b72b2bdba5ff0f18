import { describe, expect, it, vi } from "vitest";
import { manifestGuard } from "./manifest-guard";
import { queuedRuntime } from "./queued-runtime";
import { createRemoteRegistry, type RegistryOptions, type RemoteGuard, type RemoteRuntime, type RemoteVerdict } from "./remote-registry";

const ENTRY = "http://127.0.0.1:4175/mf-manifest.json";
const REMOTE_ENTRY = "http://127.0.0.1:4175/remoteEntry.js";
const Screen = () => null;

const compatible = (release: string | null = "1.4.0-aaaa", remoteEntry = REMOTE_ENTRY): RemoteVerdict => ({ incompatible: null, release, remoteEntry });

function registryWith(guard: RemoteGuard, loads: unknown[] = [{ default: Screen }, { default: Screen }], options?: RegistryOptions) {
  const runtime = queuedRuntime(loads);
  const registry = createRemoteRegistry(runtime, guard, options);
  registry.register({ remote_blog: ENTRY });
  return { registry, runtime };
}

describe("the remote guard", () => {
  it("refuses a release the guard judges incompatible, with its reason, and judges it again on retry", async () => {
    const verdicts = ["remote_blog 1.4.0 is incompatible with this site: imports usePostNeighbours from shared-content", null];
    const guard = vi.fn<RemoteGuard>(async () => ({ incompatible: verdicts.shift() ?? null, release: "1.4.0", remoteEntry: REMOTE_ENTRY }));
    const { registry, runtime } = registryWith(guard);
    await expect(registry.load("remote_blog", "BlogListPage")).rejects.toMatchObject({ failure: "incompatible" });
    expect(registry.incompatibility("remote_blog")).toContain("usePostNeighbours");
    // None of the refused release's code ran.
    expect(runtime.registerRemotes).not.toHaveBeenCalled();
    expect(runtime.loadRemote).not.toHaveBeenCalled();
    // Rolled back: the retry reads the manifest again and loads.
    await expect(registry.load("remote_blog", "BlogListPage")).resolves.toEqual({ default: Screen });
    expect(registry.incompatibility("remote_blog")).toBeNull();
    expect(guard).toHaveBeenCalledTimes(2);
  });

  it("judges a remote once per entry, not once per screen, and registers the remoteEntry.js its manifest names", async () => {
    const guard = vi.fn<RemoteGuard>(async () => compatible());
    const { registry, runtime } = registryWith(guard);
    expect(runtime.registerRemotes).not.toHaveBeenCalled();
    await registry.load("remote_blog", "BlogListPage");
    await registry.load("remote_blog", "BlogPostPage");
    expect(guard).toHaveBeenCalledTimes(1);
    expect(runtime.registerRemotes).toHaveBeenCalledTimes(1);
    expect(runtime.registerRemotes).toHaveBeenCalledWith([{ name: "remote_blog", entry: REMOTE_ENTRY, type: "module" }], undefined);
  });

  it("reports a remote whose manifest cannot be read as unavailable, loading nothing, and reads it again on retry", async () => {
    const verdicts: RemoteVerdict[] = [{ incompatible: null, release: null, remoteEntry: null }, compatible()];
    const guard = vi.fn<RemoteGuard>(async () => verdicts.shift()!);
    const { registry, runtime } = registryWith(guard);
    await expect(registry.load("remote_blog", "BlogListPage")).rejects.toMatchObject({ failure: "unavailable" });
    expect(runtime.loadRemote).not.toHaveBeenCalled();
    await expect(registry.load("remote_blog", "BlogListPage")).resolves.toEqual({ default: Screen });
    expect(guard).toHaveBeenCalledTimes(2);
  });

  it("registers a rolled-back build's entry in place of the one that failed", async () => {
    const ROLLED_BACK = "http://127.0.0.1:4175/releases/1.3.0-cccc/remoteEntry.js";
    const verdicts = [compatible("1.4.0-aaaa"), compatible("1.3.0-cccc", ROLLED_BACK)];
    const { registry, runtime } = registryWith(async () => verdicts.shift()!, [new Error("Failed to fetch"), { default: Screen }]);
    await expect(registry.load("remote_blog", "BlogListPage")).rejects.toMatchObject({ failure: "unavailable" });
    await expect(registry.load("remote_blog", "BlogListPage")).resolves.toEqual({ default: Screen });
    expect(runtime.registerRemotes).toHaveBeenLastCalledWith([{ name: "remote_blog", entry: ROLLED_BACK, type: "module" }], { force: true });
  });

  it("takes the server's verdict embedded in the page without loading the remote", async () => {
    const { registry, runtime } = registryWith(async () => compatible());
    registry.markIncompatible("remote_blog", "remote_blog is incompatible with this site: needs shared-content ^2.0.0");
    await expect(registry.load("remote_blog", "BlogListPage")).rejects.toMatchObject({ failure: "incompatible" });
    expect(runtime.loadRemote).not.toHaveBeenCalled();
  });

  it("reports a remote that cannot be reached as unavailable, not incompatible", async () => {
    const runtime = { registerRemotes: vi.fn(), loadRemote: vi.fn(async () => Promise.reject(new Error("Failed to fetch"))) };
    const registry = createRemoteRegistry(runtime, async () => compatible());
    registry.register({ remote_blog: ENTRY });
    await expect(registry.load("remote_blog", "BlogListPage")).rejects.toMatchObject({ failure: "unavailable" });
  });
});

describe("the releases a registry loaded", () => {
  it("records the release of each remote once its screen loads, and reports them", async () => {
    const onReleases = vi.fn();
    const { registry } = registryWith(async () => compatible("1.4.0-3f2a9c01bd"), undefined, { onReleases });
    expect(registry.releases()).toEqual({});
    await registry.load("remote_blog", "BlogListPage");
    expect(registry.releases()).toEqual({ remote_blog: "1.4.0-3f2a9c01bd" });
    expect(onReleases).toHaveBeenCalledWith({ remote_blog: "1.4.0-3f2a9c01bd" });
  });

  it("records nothing for a remote whose screen did not load", async () => {
    const { registry } = registryWith(async () => compatible(), [new Error("Failed to fetch")]);
    await expect(registry.load("remote_blog", "BlogListPage")).rejects.toMatchObject({ failure: "unavailable" });
    expect(registry.releases()).toEqual({});
  });
});

describe("a tab opened before a release", () => {
  const NEXT = "http://127.0.0.1:4175/releases/1.5.0-bbbb/mf-manifest.json";
  const NEXT_ENTRY = "http://127.0.0.1:4175/releases/1.5.0-bbbb/remoteEntry.js";
  const gone = new Error("Failed to fetch dynamically imported module");

  it("moves to the remote's new release when a screen of the old one no longer loads, once, without a reload", async () => {
    const releases = ["1.4.0-aaaa", "1.5.0-bbbb"];
    const guard = vi.fn<RemoteGuard>(async (_remote, manifest) => compatible(releases.shift(), manifest === NEXT ? NEXT_ENTRY : REMOTE_ENTRY));
    const locate = vi.fn(async () => ({ entry: NEXT, release: "1.5.0-bbbb" }));
    const reloadPage = vi.fn(() => true);
    const { registry, runtime } = registryWith(guard, [{ default: Screen }, gone, { default: Screen }], { locate, reloadPage });
    await registry.load("remote_blog", "BlogListPage");
    await expect(registry.load("remote_blog", "SeenFilmsPage")).resolves.toEqual({ default: Screen });
    expect(runtime.registerRemotes).toHaveBeenLastCalledWith([{ name: "remote_blog", entry: NEXT_ENTRY, type: "module" }], { force: true });
    expect(registry.entryOf("remote_blog")).toBe(NEXT);
    expect(registry.releases()).toEqual({ remote_blog: "1.5.0-bbbb" });
    // The new release was judged before its screen was used.
    expect(guard).toHaveBeenLastCalledWith("remote_blog", NEXT);
    expect(reloadPage).not.toHaveBeenCalled();
  });

  it("reloads the page for a release published at the URL it already loaded, keeping the slot loading meanwhile", async () => {
    const locate = vi.fn(async () => ({ entry: ENTRY, release: "1.5.0-bbbb" }));
    const reloadPage = vi.fn(() => true);
    const { registry, runtime } = registryWith(async () => compatible("1.4.0-aaaa"), [{ default: Screen }, gone], { locate, reloadPage });
    await registry.load("remote_blog", "BlogListPage");
    const settled = vi.fn();
    registry.load("remote_blog", "SeenFilmsPage").then(settled, settled);
    await vi.waitFor(() => expect(reloadPage).toHaveBeenCalledWith("remote_blog", "1.5.0-bbbb"));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(settled).not.toHaveBeenCalled();
    expect(runtime.registerRemotes).toHaveBeenCalledTimes(1);
  });

  it("fails as before once the page has reloaded for that release (never a loop)", async () => {
    const locate = vi.fn(async () => ({ entry: ENTRY, release: "1.5.0-bbbb" }));
    const reloadPage = vi.fn(() => false);
    const { registry } = registryWith(async () => compatible("1.4.0-aaaa"), [{ default: Screen }, gone], { locate, reloadPage });
    await registry.load("remote_blog", "BlogListPage");
    await expect(registry.load("remote_blog", "SeenFilmsPage")).rejects.toMatchObject({ failure: "unavailable" });
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });

  it("fails as before when the remote has had no release (its files are unreachable)", async () => {
    const locate = vi.fn(async () => ({ entry: ENTRY, release: "1.4.0-aaaa" }));
    const reloadPage = vi.fn(() => true);
    const { registry, runtime } = registryWith(async () => compatible("1.4.0-aaaa"), [{ default: Screen }, gone], { locate, reloadPage });
    await registry.load("remote_blog", "BlogListPage");
    await expect(registry.load("remote_blog", "SeenFilmsPage")).rejects.toMatchObject({ failure: "unavailable" });
    expect(reloadPage).not.toHaveBeenCalled();
    expect(runtime.registerRemotes).toHaveBeenCalledTimes(1);
  });

  it("does not look for a release of a remote that never loaded here", async () => {
    const locate = vi.fn(async () => ({ entry: NEXT, release: "1.5.0-bbbb" }));
    const { registry } = registryWith(async () => compatible(), [gone], { locate });
    await expect(registry.load("remote_blog", "BlogListPage")).rejects.toMatchObject({ failure: "unavailable" });
    expect(locate).not.toHaveBeenCalled();
  });
});

describe("manifestGuard", () => {
  const host = { shared: { "shared-content": { version: "1.3.0" } }, screens: { remote_blog: ["BlogListPage"] } };
  const manifest = (requiredVersion: string) => ({
    name: "remote_blog",
    shared: [{ name: "shared-content", requiredVersion }],
    exposes: [{ name: "BlogListPage" }],
    contract: { version: "1.4.0", sharedImports: {} },
  });
  const serving = (body: unknown) => async () => new Response(JSON.stringify(body), { status: 200 });

  it("words an unsatisfied range naming the remote, its release and the shared module", async () => {
    const guard = manifestGuard(host, serving(manifest("^1.4.0")));
    expect(await guard("remote_blog", ENTRY)).toEqual({
      incompatible: "remote_blog 1.4.0 is incompatible with this site: needs shared-content ^1.4.0, the site provides 1.3.0",
      release: "1.4.0",
      remoteEntry: null,
    });
    expect(await manifestGuard(host, serving(manifest("^1.2.0")))("remote_blog", ENTRY)).toEqual({ incompatible: null, release: "1.4.0", remoteEntry: null });
  });

  it("names the release the release command stamped into the manifest", async () => {
    const stamped = { ...manifest("^1.2.0"), contract: { version: "1.4.0", release: "1.4.0-3f2a9c01bd", sharedImports: {} } };
    expect((await manifestGuard(host, serving(stamped))("remote_blog", ENTRY)).release).toBe("1.4.0-3f2a9c01bd");
  });

  it("names no entry to load for a manifest it cannot read", async () => {
    expect(await manifestGuard(host, async () => new Response("", { status: 404 }))("remote_blog", ENTRY)).toEqual({
      incompatible: null,
      release: null,
      remoteEntry: null,
    });
  });

  it("finds the remoteEntry.js the manifest names, beside it", async () => {
    const withEntry = { ...manifest("^1.2.0"), metaData: { publicPath: "auto", remoteEntry: { name: "remoteEntry.js", path: "", type: "module" } } };
    expect((await manifestGuard(host, serving(withEntry))("remote_blog", ENTRY)).remoteEntry).toBe(REMOTE_ENTRY);
  });
});

describe("a Retry", () => {
  /** A runtime whose loads answer in turn, able to register a remote afresh (the browser's, federation-host.ts). */
  function afreshRuntime(loads: unknown[], registerAfresh: RemoteRuntime["registerAfresh"]) {
    const runtime = { ...queuedRuntime(loads), registerAfresh: vi.fn(registerAfresh) };
    const registry = createRemoteRegistry(runtime, async () => compatible());
    registry.register({ remote_blog: ENTRY });
    return { registry, runtime };
  }
  const fetchFailed = () => new TypeError("Failed to fetch dynamically imported module");

  it("loads the remote under a new registration, not the URLs that failed, and later screens come from it", async () => {
    const { registry, runtime } = afreshRuntime([fetchFailed(), { default: Screen }, { default: Screen }], async () => "remote_blog_afresh_1");
    await expect(registry.load("remote_blog", "BlogListPage")).rejects.toMatchObject({ failure: "unavailable" });
    expect(runtime.registerAfresh).not.toHaveBeenCalled();
    await expect(registry.load("remote_blog", "BlogListPage", { retry: true })).resolves.toEqual({ default: Screen });
    expect(runtime.registerAfresh).toHaveBeenCalledWith("remote_blog", REMOTE_ENTRY);
    await registry.load("remote_blog", "BlogPostPage");
    expect(runtime.loadRemote.mock.calls.map(([id]) => id)).toEqual([
      "remote_blog/BlogListPage",
      "remote_blog_afresh_1/BlogListPage",
      "remote_blog_afresh_1/BlogPostPage",
    ]);
    // No forced registration: it would warn, and drop what other slots loaded.
    expect(runtime.registerRemotes).toHaveBeenCalledTimes(1);
  });

  it("asks for a reload when the remote's entry answered but its code did not load even under new URLs", async () => {
    const { registry } = afreshRuntime([fetchFailed(), fetchFailed()], async () => "remote_blog_afresh_1");
    await expect(registry.load("remote_blog", "BlogListPage")).rejects.toMatchObject({ failure: "unavailable" });
    await expect(registry.load("remote_blog", "BlogListPage", { retry: true })).rejects.toMatchObject({ failure: "reload" });
  });

  it("stays unavailable, with no reload, while the remote's entry does not answer", async () => {
    const { registry, runtime } = afreshRuntime([fetchFailed()], async () => {
      throw new TypeError("Failed to fetch");
    });
    await expect(registry.load("remote_blog", "BlogListPage")).rejects.toMatchObject({ failure: "unavailable" });
    await expect(registry.load("remote_blog", "BlogListPage", { retry: true })).rejects.toMatchObject({ failure: "unavailable" });
    expect(runtime.loadRemote).toHaveBeenCalledTimes(1);
  });
});

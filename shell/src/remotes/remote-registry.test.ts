import { describe, expect, it, vi } from "vitest";
import { manifestGuard } from "./manifest-guard";
import { createRemoteRegistry, type RemoteGuard, type RemoteRuntime } from "./remote-registry";

const ENTRY = "http://127.0.0.1:4175/mf-manifest.json";
const Screen = () => null;

function registryWith(guard: RemoteGuard, loads: unknown[] = [{ default: Screen }, { default: Screen }]) {
  const runtime = {
    registerRemotes: vi.fn<RemoteRuntime["registerRemotes"]>(),
    loadRemote: vi.fn<RemoteRuntime["loadRemote"]>(async () => loads.shift()),
  };
  const registry = createRemoteRegistry(runtime, guard);
  registry.register({ remote_blog: ENTRY });
  return { registry, runtime };
}

describe("the remote guard", () => {
  it("refuses a release the guard judges incompatible, with its reason, and judges it again on retry", async () => {
    const verdicts = ["remote_blog 1.4.0 is incompatible with this site: imports usePostNeighbours from shared-content", null];
    const guard = vi.fn<RemoteGuard>(async () => verdicts.shift() ?? null);
    const { registry } = registryWith(guard);
    await expect(registry.load("remote_blog", "BlogListPage")).rejects.toMatchObject({ failure: "incompatible" });
    expect(registry.incompatibility("remote_blog")).toContain("usePostNeighbours");
    // Rolled back: the retry reads the manifest again and loads.
    await expect(registry.load("remote_blog", "BlogListPage")).resolves.toEqual({ default: Screen });
    expect(registry.incompatibility("remote_blog")).toBeNull();
    expect(guard).toHaveBeenCalledTimes(2);
  });

  it("judges a remote once per entry, not once per screen", async () => {
    const guard = vi.fn<RemoteGuard>(async () => null);
    const { registry } = registryWith(guard);
    await registry.load("remote_blog", "BlogListPage");
    await registry.load("remote_blog", "BlogPostPage");
    expect(guard).toHaveBeenCalledTimes(1);
  });

  it("takes the server's verdict embedded in the page without loading the remote", async () => {
    const { registry, runtime } = registryWith(async () => null);
    registry.markIncompatible("remote_blog", "remote_blog is incompatible with this site: needs shared-content ^2.0.0");
    await expect(registry.load("remote_blog", "BlogListPage")).rejects.toMatchObject({ failure: "incompatible" });
    expect(runtime.loadRemote).not.toHaveBeenCalled();
  });

  it("reports a remote that cannot be reached as unavailable, not incompatible", async () => {
    const runtime = { registerRemotes: vi.fn(), loadRemote: vi.fn(async () => Promise.reject(new Error("Failed to fetch"))) };
    const registry = createRemoteRegistry(runtime, async () => null);
    registry.register({ remote_blog: ENTRY });
    await expect(registry.load("remote_blog", "BlogListPage")).rejects.toMatchObject({ failure: "unavailable" });
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
    expect(await guard("remote_blog", ENTRY)).toBe("remote_blog 1.4.0 is incompatible with this site: needs shared-content ^1.4.0, the site provides 1.3.0");
    expect(await manifestGuard(host, serving(manifest("^1.2.0")))("remote_blog", ENTRY)).toBeNull();
  });

  it("leaves a manifest it cannot read to the load itself", async () => {
    expect(await manifestGuard(host, async () => new Response("", { status: 404 }))("remote_blog", ENTRY)).toBeNull();
  });
});

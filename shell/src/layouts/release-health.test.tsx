import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createRemoteRegistry } from "../remotes/remote-registry";
import { RemoteRegistryContext } from "../remotes/remote-slot";
import { ReleaseHealth } from "./release-health";

const hostContract = {
  shared: { "shared-content": { version: "1.3.0", exports: ["useBlogIndex"] } },
  screens: { remote_blog: ["BlogListPage"] },
};
const manifest = (imports: string[]) => ({
  name: "remote_blog",
  shared: [{ name: "shared-content", requiredVersion: "^1.0.0" }],
  exposes: [{ name: "BlogListPage" }],
  contract: { version: "1.4.0", sharedImports: { "shared-content": imports } },
});

function serve(blogImports: string[]) {
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => {
      if (url === "/host-contract.json") return new Response(JSON.stringify(hostContract));
      if (url.includes("4179")) return new Response(JSON.stringify(manifest(blogImports)));
      return new Response("", { status: 404 });
    }),
  );
  const registry = createRemoteRegistry({ registerRemotes: () => undefined, loadRemote: async () => ({}) });
  registry.register({ remote_blog: "http://127.0.0.1:4179/mf-manifest.json", remote_home: "http://127.0.0.1:4178/mf-manifest.json" });
  return render(
    <RemoteRegistryContext.Provider value={registry}>
      <ReleaseHealth />
    </RemoteRegistryContext.Provider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("ReleaseHealth", () => {
  it("tells the owner which remote's release cannot run here, why, and how to roll it back", async () => {
    serve(["useBlogIndex", "usePostNeighbours"]);
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("remote_blog 1.4.0 is incompatible with this site: imports usePostNeighbours from shared-content");
    expect(alert.textContent).toContain("npm run rollback -- remote-blog");
  });

  it("says nothing when every release can run", async () => {
    const { container } = serve(["useBlogIndex"]);
    await new Promise((r) => setTimeout(r, 50));
    expect(container.textContent).toBe("");
  });
});

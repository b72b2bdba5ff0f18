import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createRemoteRegistry, type RemoteRuntime } from "./remote-registry";
import { RemoteRegistryContext, RemoteSlot, SlotRenderContext } from "./remote-slot";

function Hello() {
  return <h1>Hello from the remote</h1>;
}

function fakeRuntime(results: (unknown | Error)[]) {
  const runtime = {
    registerRemotes: vi.fn<RemoteRuntime["registerRemotes"]>(),
    loadRemote: vi.fn<RemoteRuntime["loadRemote"]>(async () => {
      const next = results.shift();
      if (next instanceof Error) throw next;
      return next;
    }),
  };
  const registry = createRemoteRegistry(runtime);
  registry.register({ remote_home: "http://127.0.0.1:4174/mf-manifest.json" });
  return { runtime, registry };
}

afterEach(cleanup);

describe("RemoteSlot", () => {
  it("renders the remote's screen", async () => {
    const { registry, runtime } = fakeRuntime([{ default: Hello }]);
    render(
      <RemoteRegistryContext.Provider value={registry}>
        <RemoteSlot remote="remote_home" module="HomePage" />
      </RemoteRegistryContext.Provider>,
    );
    expect(await screen.findByRole("heading", { name: "Hello from the remote" })).toBeTruthy();
    expect(runtime.loadRemote).toHaveBeenCalledWith("remote_home/HomePage");
  });

  it("shows a fallback with Retry when the remote is down, and renders it once it is back", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const { registry, runtime } = fakeRuntime([new Error("Failed to fetch"), { default: Hello }]);
    render(
      <div>
        <nav>header still here</nav>
        <RemoteRegistryContext.Provider value={registry}>
          <RemoteSlot remote="remote_home" module="HomePage" />
        </RemoteRegistryContext.Provider>
      </div>,
    );
    const retry = await screen.findByRole("button", { name: "Retry" });
    expect(screen.getByText("header still here")).toBeTruthy();
    expect(screen.getByText(/could not be loaded/i)).toBeTruthy();
    fireEvent.click(retry);
    expect(await screen.findByRole("heading", { name: "Hello from the remote" })).toBeTruthy();
    // The failed remote is registered again with force so the runtime forgets the failure.
    expect(runtime.registerRemotes).toHaveBeenLastCalledWith([{ name: "remote_home", entry: "http://127.0.0.1:4174/mf-manifest.json" }], { force: true });
    expect(runtime.loadRemote).toHaveBeenCalledTimes(2);
  });

  it("reports the slot settled (for the page's interactive mark) whether its screen or its fallback shows", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    for (const result of [{ default: Hello }, new Error("Failed to fetch")]) {
      const hydrated = vi.fn();
      const { registry } = fakeRuntime([result]);
      render(
        <SlotRenderContext.Provider value={{ server: false, rendered: new Set(), failed: new Set(), hydrated }}>
          <RemoteRegistryContext.Provider value={registry}>
            <RemoteSlot remote="remote_home" module="HomePage" />
          </RemoteRegistryContext.Provider>
        </SlotRenderContext.Provider>,
      );
      await screen.findByRole(result instanceof Error ? "button" : "heading");
      expect(hydrated).toHaveBeenCalledWith("remote_home/HomePage");
      cleanup();
    }
  });

  it("treats a module without a default export as a failure", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const { registry } = fakeRuntime([undefined]);
    render(
      <RemoteRegistryContext.Provider value={registry}>
        <RemoteSlot remote="remote_home" module="HomePage" />
      </RemoteRegistryContext.Provider>,
    );
    expect(await screen.findByRole("button", { name: "Retry" })).toBeTruthy();
  });

  it("fails clearly for a remote missing from config.json", async () => {
    const { registry } = fakeRuntime([]);
    await expect(registry.load("remote_nope", "X")).rejects.toThrow("Could not load X from remote_nope");
  });

  it("does not blame the visitor's connection when the remote's release cannot run on this site", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const registry = createRemoteRegistry(
      { registerRemotes: vi.fn(), loadRemote: vi.fn(async () => ({ default: Hello })) },
      async () => "remote_home 2.0.0 is incompatible",
    );
    registry.register({ remote_home: "http://127.0.0.1:4174/mf-manifest.json" });
    render(
      <RemoteRegistryContext.Provider value={registry}>
        <RemoteSlot remote="remote_home" module="HomePage" />
      </RemoteRegistryContext.Provider>,
    );
    expect(await screen.findByText(/being updated and cannot be shown/i)).toBeTruthy();
    expect(screen.queryByText(/check your connection/i)).toBeNull();
    expect(screen.queryByRole("heading", { name: "Hello from the remote" })).toBeNull();
  });

  it("keeps a server-rendered slot readable, under a notice with Retry, when its remote then fails in the browser", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const { registry } = fakeRuntime([new Error("Failed to fetch"), { default: Hello }]);
    const slots = {
      server: false,
      rendered: new Set<string>(),
      failed: new Set<string>(),
      serverHtml: { path: location.pathname + location.search, slots: new Map([["remote_home/HomePage", "<article><h2>Server copy</h2></article>"]]) },
    };
    render(
      <SlotRenderContext value={slots}>
        <RemoteRegistryContext.Provider value={registry}>
          <RemoteSlot remote="remote_home" module="HomePage" />
        </RemoteRegistryContext.Provider>
      </SlotRenderContext>,
    );
    expect(await screen.findByRole("heading", { name: "Server copy" })).toBeTruthy();
    expect(screen.getByRole("status").textContent).toContain("could not finish loading");
    expect(screen.queryByText(/check your connection/i)).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Retry" }));
    expect(await screen.findByRole("heading", { name: "Hello from the remote" })).toBeTruthy();
  });

  it("does not show another page's server HTML (after navigating away from the page it came with)", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const { registry } = fakeRuntime([new Error("Failed to fetch")]);
    const slots = {
      server: false,
      rendered: new Set<string>(),
      failed: new Set<string>(),
      serverHtml: { path: "/elsewhere", slots: new Map([["remote_home/HomePage", "<h2>Stale</h2>"]]) },
    };
    render(
      <SlotRenderContext value={slots}>
        <RemoteRegistryContext.Provider value={registry}>
          <RemoteSlot remote="remote_home" module="HomePage" />
        </RemoteRegistryContext.Provider>
      </SlotRenderContext>,
    );
    expect(await screen.findByText(/could not be loaded/i)).toBeTruthy();
    expect(screen.queryByText("Stale")).toBeNull();
  });
});

import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { useState } from "react";
import { hydrateRoot } from "react-dom/client";
import { prerender } from "react-dom/static";
import { afterEach, describe, expect, it, vi } from "vitest";
import { queuedRuntime } from "./queued-runtime";
import { createRemoteRegistry, type RemoteRegistry } from "./remote-registry";
import { RemoteLoaderContext, RemoteSlot, SlotRenderContext, type SlotRenderState } from "./remote-slot";

function Hello() {
  return <h1>Hello from the remote</h1>;
}

function Counter() {
  const [clicks, setClicks] = useState(0);
  return (
    <button type="button" onClick={() => setClicks((n) => n + 1)}>
      Clicked {clicks} times
    </button>
  );
}

function fakeRuntime(results: (unknown | Error)[]) {
  const runtime = queuedRuntime(results);
  const registry = createRemoteRegistry(runtime);
  registry.register({ remote_home: "http://127.0.0.1:4174/mf-manifest.json" });
  return { runtime, registry };
}

/** The home page's slot under the given render state and registry. */
const tree = (slots: SlotRenderState, registry: RemoteRegistry) => (
  <SlotRenderContext value={slots}>
    <RemoteLoaderContext.Provider value={registry}>
      <RemoteSlot remote="remote_home" module="HomePage" />
    </RemoteLoaderContext.Provider>
  </SlotRenderContext>
);

afterEach(cleanup);

describe("RemoteSlot", () => {
  it("renders the remote's screen", async () => {
    const { registry, runtime } = fakeRuntime([{ default: Hello }]);
    render(
      <RemoteLoaderContext.Provider value={registry}>
        <RemoteSlot remote="remote_home" module="HomePage" />
      </RemoteLoaderContext.Provider>,
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
        <RemoteLoaderContext.Provider value={registry}>
          <RemoteSlot remote="remote_home" module="HomePage" />
        </RemoteLoaderContext.Provider>
      </div>,
    );
    const retry = await screen.findByRole("button", { name: "Retry" });
    expect(screen.getByText("header still here")).toBeTruthy();
    expect(screen.getByText(/could not be loaded/i)).toBeTruthy();
    fireEvent.click(retry);
    expect(await screen.findByRole("heading", { name: "Hello from the remote" })).toBeTruthy();
    // The runtime forgets a failed load by itself: no forced registration (it warns, and drops
    // what other slots of the remote loaded), just a second load.
    expect(runtime.registerRemotes).toHaveBeenCalledTimes(1);
    expect(runtime.loadRemote).toHaveBeenCalledTimes(2);
  });

  it("reports the slot settled (for the page's interactive mark) whether its screen or its fallback shows", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    for (const result of [{ default: Hello }, new Error("Failed to fetch")]) {
      const hydrated = vi.fn();
      const { registry } = fakeRuntime([result]);
      render(
        <SlotRenderContext.Provider value={{ server: false, rendered: new Set(), failed: new Set(), hydrated }}>
          <RemoteLoaderContext.Provider value={registry}>
            <RemoteSlot remote="remote_home" module="HomePage" />
          </RemoteLoaderContext.Provider>
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
      <RemoteLoaderContext.Provider value={registry}>
        <RemoteSlot remote="remote_home" module="HomePage" />
      </RemoteLoaderContext.Provider>,
    );
    expect(await screen.findByRole("button", { name: "Retry" })).toBeTruthy();
  });

  it("fails clearly for a remote missing from config.json", async () => {
    const { registry } = fakeRuntime([]);
    await expect(registry.load("remote_nope", "X")).rejects.toThrow("Could not load X from remote_nope");
  });

  it("does not blame the visitor's connection when the remote's release cannot run on this site", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const registry = createRemoteRegistry({ registerRemotes: vi.fn(), loadRemote: vi.fn(async () => ({ default: Hello })) }, async () => ({
      incompatible: "remote_home 2.0.0 is incompatible",
      release: "2.0.0",
      remoteEntry: "http://127.0.0.1:4174/remoteEntry.js",
    }));
    registry.register({ remote_home: "http://127.0.0.1:4174/mf-manifest.json" });
    render(
      <RemoteLoaderContext.Provider value={registry}>
        <RemoteSlot remote="remote_home" module="HomePage" />
      </RemoteLoaderContext.Provider>,
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
    render(tree(slots, registry));
    expect(await screen.findByRole("heading", { name: "Server copy" })).toBeTruthy();
    expect(screen.getByRole("status").textContent).toContain("could not finish loading");
    expect(screen.queryByText(/check your connection/i)).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Retry" }));
    expect(await screen.findByRole("heading", { name: "Hello from the remote" })).toBeTruthy();
  });

  it("hydrates a server-rendered slot whose remote failed in the browser once Retry loads it, with no hydration error", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    // The server's HTML of the page, with the slot rendered.
    const onServer = fakeRuntime([{ default: Counter }]).registry;
    const { prelude } = await prerender(tree({ server: true, rendered: new Set(), failed: new Set() }, onServer));
    const container = document.createElement("div");
    container.innerHTML = await new Response(prelude as ReadableStream).text();
    document.body.append(container);
    const serverButton = container.querySelector("button");
    expect(serverButton?.textContent).toBe("Clicked 0 times");

    // The browser cannot load the remote at first; Retry loads it.
    const { registry } = fakeRuntime([new Error("Failed to fetch"), new Error("Failed to fetch"), { default: Counter }]);
    const hydrated = vi.fn();
    const recoverable = vi.fn();
    const slots: SlotRenderState = { server: false, rendered: new Set(), failed: new Set(), hydrated, hydrating: new Set(["remote_home/HomePage"]) };
    await act(async () => void hydrateRoot(container, tree(slots, registry), { onRecoverableError: recoverable }));
    const retry = await screen.findByRole("button", { name: "Retry" });
    expect(screen.getByRole("status").textContent).toContain("could not finish loading");
    // The server's HTML stayed: the very same element, not a copy.
    expect(container.querySelector("button:not([disabled])")?.textContent).toBe("Retry");
    expect(serverButton?.isConnected).toBe(true);
    expect(hydrated).toHaveBeenCalledWith("remote_home/HomePage");
    await act(async () => fireEvent.click(retry)); // fails again: the notice stays
    expect(await screen.findByRole("button", { name: "Retry" })).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Retry" })));
    await waitFor(() => expect(screen.queryByRole("status")).toBeNull());
    // Hydrated in place: the server's button is now React's, and responds.
    expect(serverButton?.isConnected).toBe(true);
    await act(async () => fireEvent.click(serverButton!));
    expect(serverButton?.textContent).toBe("Clicked 1 times");
    expect(recoverable).not.toHaveBeenCalled();
    expect(slots.hydrating?.size).toBe(0);
    container.remove();
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
    render(tree(slots, registry));
    expect(await screen.findByText(/could not be loaded/i)).toBeTruthy();
    expect(screen.queryByText("Stale")).toBeNull();
  });
});

import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { MemoryRouter, Route, Routes, useLocation } from "react-router-dom";

const signOutUser = vi.fn();
vi.mock("shared-auth", async (importOriginal) => {
  const actual = await importOriginal<typeof import("shared-auth")>();
  return { ...actual, signOutUser: () => signOutUser() };
});

const { initialAuthState, useAuthStore } = await import("shared-auth");
const { testUser } = await import("shared-auth/testing");
const { AdminLayout } = await import("./admin-layout");
const { RequireAuth } = await import("../auth/require-auth");
const { RemoteRegistryContext } = await import("../remotes/remote-slot");
const { createRemoteRegistry } = await import("../remotes/remote-registry");

function Where() {
  const l = useLocation();
  return <p data-testid="where">{l.pathname + l.search}</p>;
}

function renderAdmin(path = "/admin-panel", registry = createRemoteRegistry()) {
  render(
    <RemoteRegistryContext.Provider value={registry}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route
            path="/admin-panel"
            element={
              <RequireAuth>
                <AdminLayout />
              </RequireAuth>
            }
          >
            <Route index element={<p>overview screen</p>} />
            <Route path="*" element={<p>section screen</p>} />
          </Route>
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </RemoteRegistryContext.Provider>,
  );
}

const user = testUser("someone@example.com");

beforeEach(() => {
  useAuthStore.setState({ ...initialAuthState });
  signOutUser.mockReset();
});
afterEach(cleanup);

describe("AdminLayout", () => {
  it("shows the overview, the eleven sections (the media library and the subscribers last), Account, Releases and the data tool to an admin", () => {
    useAuthStore.setState({ status: "signedIn", user, isAdmin: true });
    renderAdmin();
    const nav = screen.getByRole("navigation", { name: "Admin sections" });
    const links = Array.from(nav.querySelectorAll("a")).map((a) => a.getAttribute("href"));
    expect(links).toEqual([
      "/admin-panel",
      "/admin-panel/configure-about",
      "/admin-panel/configure-experience",
      "/admin-panel/configure-recommendations",
      "/admin-panel/configure-skills",
      "/admin-panel/configure-free-time-projects",
      "/admin-panel/configure-get-in-touch",
      "/admin-panel/write-blog",
      "/admin-panel/write-quote",
      "/admin-panel/configure-films",
      "/admin-panel/media",
      "/admin-panel/subscribers",
      "/admin-panel/account",
      "/admin-panel/releases",
      "/create-realtime-data",
    ]);
    expect(screen.getByText("overview screen")).toBeTruthy();
  });

  it("marks the current screen in the sidebar, and the brand leads to the admin overview", () => {
    useAuthStore.setState({ status: "signedIn", user, isAdmin: true });
    renderAdmin("/admin-panel/write-quote");
    const nav = screen.getByRole("navigation", { name: "Admin sections" });
    const current = Array.from(nav.querySelectorAll('[aria-current="page"]')).map((a) => a.textContent);
    expect(current).toEqual(["Quotes"]);
    expect(screen.getByRole("link", { name: "Admin panel" }).getAttribute("href")).toBe("/admin-panel");
  });

  it("waits for the admin check before showing any screen", () => {
    useAuthStore.setState({ status: "signedIn", user, isAdmin: null });
    renderAdmin();
    expect(screen.getByRole("status").textContent).toMatch(/permissions/i);
    expect(screen.queryByText("overview screen")).toBeNull();
  });

  it("explains plainly when the signed-in account is not an admin, with Sign out", () => {
    useAuthStore.setState({ status: "signedIn", user, isAdmin: false });
    renderAdmin("/admin-panel/write-blog");
    expect(screen.getByRole("heading", { name: "This account is not an admin" })).toBeTruthy();
    expect(screen.getByText("someone@example.com", { selector: "strong" })).toBeTruthy();
    expect(screen.queryByText("section screen")).toBeNull();
    expect(screen.queryByRole("navigation", { name: "Admin sections" })).toBeNull();
    expect(screen.getAllByRole("button", { name: "Sign out" })).toHaveLength(2);
  });

  it("Sign out goes to / (not to the login page)", async () => {
    useAuthStore.setState({ status: "signedIn", user, isAdmin: true });
    signOutUser.mockImplementation(async () => {
      useAuthStore.setState({ status: "signedOut", user: null, isAdmin: null });
    });
    renderAdmin("/admin-panel/configure-skills");
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Sign out" }));
    });
    expect(signOutUser).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId("where").textContent).toBe("/");
  });

  it("shows the number of pending recommendations in the navigation, from remote-admin", async () => {
    useAuthStore.setState({ status: "signedIn", user, isAdmin: true });
    const loadRemote = vi.fn(async () => ({ default: () => <span>3 pending</span> }));
    const registry = createRemoteRegistry({ registerRemotes: vi.fn(), loadRemote });
    registry.register({ remote_admin: "http://127.0.0.1:4180/mf-manifest.json" });
    renderAdmin("/admin-panel/write-quote", registry);
    const nav = screen.getByRole("navigation", { name: "Admin sections" });
    expect(await within(nav).findByRole("link", { name: "Recommendations 3 pending" })).toBeTruthy();
    expect(loadRemote).toHaveBeenCalledWith("remote_admin/PendingCount");
  });

  it("without the count (remote-admin unreachable) the navigation still works", async () => {
    useAuthStore.setState({ status: "signedIn", user, isAdmin: true });
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const loadRemote = vi.fn(async () => {
      throw new Error("Failed to fetch");
    });
    const registry = createRemoteRegistry({ registerRemotes: vi.fn(), loadRemote });
    registry.register({ remote_admin: "http://127.0.0.1:4180/mf-manifest.json" });
    renderAdmin("/admin-panel", registry);
    await act(async () => {});
    expect(loadRemote).toHaveBeenCalled();
    const nav = screen.getByRole("navigation", { name: "Admin sections" });
    expect(within(nav).getByRole("link", { name: "Recommendations" })).toBeTruthy();
    expect(screen.queryByText(/could not be loaded/)).toBeNull();
  });
});

import { act, cleanup, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { MemoryRouter, Route, Routes, useLocation } from "react-router-dom";
import { initialAuthState, useAuthStore } from "shared-auth";
import { testUser } from "shared-auth/testing";
import { RequireAuth } from "./require-auth";

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route
          path="/admin-panel/*"
          element={
            <RequireAuth>
              <p>secret screen</p>
            </RequireAuth>
          }
        />
        <Route path="/login" element={<Where />} />
        <Route path="/" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
}

const user = testUser("a@example.com");

beforeEach(() => useAuthStore.setState({ ...initialAuthState }));
afterEach(cleanup);

describe("RequireAuth", () => {
  it("waits for the first auth state without showing the login page", () => {
    renderAt("/admin-panel/configure-skills?tab=2");
    expect(screen.getByRole("status").textContent).toMatch(/checking your sign-in/i);
    expect(screen.queryByTestId("where")).toBeNull();
    expect(screen.queryByText("secret screen")).toBeNull();
  });

  it("sends a signed-out visitor to /login with the full path and query", () => {
    renderAt("/admin-panel/configure-skills?tab=2");
    act(() => useAuthStore.setState({ status: "signedOut" }));
    expect(screen.getByTestId("where").textContent).toBe("/login?redirect=%2Fadmin-panel%2Fconfigure-skills%3Ftab%3D2");
  });

  it("lets a signed-in user through", () => {
    useAuthStore.setState({ status: "signedIn", user, isAdmin: true });
    renderAt("/admin-panel");
    expect(screen.getByText("secret screen")).toBeTruthy();
  });

  it("a screen that loses its session goes to /login?redirect=...", () => {
    useAuthStore.setState({ status: "signedIn", user, isAdmin: true });
    renderAt("/admin-panel/write-blog?id=7");
    expect(screen.getByText("secret screen")).toBeTruthy();
    act(() => useAuthStore.setState({ status: "signedOut", user: null, isAdmin: null }));
    expect(screen.getByTestId("where").textContent).toBe("/login?redirect=%2Fadmin-panel%2Fwrite-blog%3Fid%3D7");
  });
});

import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { MemoryRouter, Route, Routes, useLocation } from "react-router-dom";

const signInWithEmail = vi.fn();
vi.mock("shared-auth", async (importOriginal) => {
  const actual = await importOriginal<typeof import("shared-auth")>();
  return { ...actual, signInWithEmail: (...args: unknown[]) => signInWithEmail(...args) };
});

const { initialAuthState, useAuthStore } = await import("shared-auth");
const { testUser } = await import("shared-auth/testing");
const { LoginPage } = await import("./login-page");

function Where() {
  const l = useLocation();
  return <p data-testid="where">{l.pathname + l.search}</p>;
}

function renderLogin(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/login" element={<LoginPage />} />
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
}

const user = testUser("admin@example.com");

beforeEach(() => {
  useAuthStore.setState({ ...initialAuthState, status: "signedOut" });
  signInWithEmail.mockReset();
});
afterEach(cleanup);

describe("LoginPage", () => {
  it("has Email and Password fields and a Sign in button", () => {
    renderLogin("/login");
    expect(screen.getByLabelText("Email")).toBeTruthy();
    expect(screen.getByLabelText("Password")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Sign in" })).toBeTruthy();
  });

  it("disables the button while signing in and shows the error in an alert", async () => {
    let fail: (e: unknown) => void = () => undefined;
    signInWithEmail.mockImplementation(() => new Promise((_r, reject) => (fail = reject)));
    renderLogin("/login");
    fireEvent.change(screen.getByLabelText("Email"), { target: { value: "admin@example.com" } });
    fireEvent.change(screen.getByLabelText("Password"), { target: { value: "nope" } });
    fireEvent.click(screen.getByRole("button", { name: "Sign in" }));
    expect((screen.getByRole("button", { name: /signing in/i }) as HTMLButtonElement).disabled).toBe(true);
    await act(async () => fail({ code: "auth/wrong-password" }));
    expect(screen.getByRole("alert").textContent).toBe("The email or password is incorrect.");
    expect((screen.getByRole("button", { name: "Sign in" }) as HTMLButtonElement).disabled).toBe(false);
  });

  it("moves focus to the message after a failed sign-in (not to the page body)", async () => {
    signInWithEmail.mockRejectedValue({ code: "auth/wrong-password" });
    renderLogin("/login");
    fireEvent.change(screen.getByLabelText("Email"), { target: { value: "admin@example.com" } });
    fireEvent.change(screen.getByLabelText("Password"), { target: { value: "nope" } });
    const submit = screen.getByRole("button", { name: "Sign in" });
    submit.focus();
    await act(async () => fireEvent.click(submit));
    const alert = screen.getByRole("alert");
    expect(alert.textContent).toBe("The email or password is incorrect.");
    expect(document.activeElement).toBe(alert);
    expect(alert.getAttribute("tabindex")).toBe("-1");
  });

  it("goes to a same-site redirect after sign-in", async () => {
    signInWithEmail.mockImplementation(async () => {
      useAuthStore.setState({ status: "signedIn", user, isAdmin: true });
      return user;
    });
    renderLogin("/login?redirect=%2Fadmin-panel%2Fconfigure-skills%3Ftab%3D2");
    fireEvent.change(screen.getByLabelText("Email"), { target: { value: "admin@example.com" } });
    fireEvent.change(screen.getByLabelText("Password"), { target: { value: "Portfolio-Admin-2026" } });
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Sign in" })));
    expect(screen.getByTestId("where").textContent).toBe("/admin-panel/configure-skills?tab=2");
  });

  it.each(["https://evil.example", "//evil.example"])("sends a signed-in visitor with redirect=%s to /admin-panel", (redirect) => {
    useAuthStore.setState({ status: "signedIn", user, isAdmin: true });
    renderLogin(`/login?redirect=${encodeURIComponent(redirect)}`);
    expect(screen.getByTestId("where").textContent).toBe("/admin-panel");
  });
});

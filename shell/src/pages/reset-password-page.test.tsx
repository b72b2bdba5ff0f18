import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { MemoryRouter, Route, Routes } from "react-router-dom";

// A plain function, not a spy: what the page asked is recorded by hand.
let answer: (code: string) => Promise<string> = async () => "";
const asked: string[] = [];
const checkPasswordResetCode = (code: string) => {
  asked.push(code);
  return answer(code);
};
vi.mock("shared-auth", async (importOriginal) => {
  const actual = await importOriginal<typeof import("shared-auth")>();
  return {
    ...actual,
    checkPasswordResetCode: (code: string) => checkPasswordResetCode(code),
    checkPasswordPolicy: async (password: string) => ({ ...actual.requirementsFor({ minPasswordLength: 12 }, password), source: "server" as const }),
  };
});
const { ResetPasswordPage } = await import("./reset-password-page");

function renderAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/reset-password" element={<ResetPasswordPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

const codeError = (code: string) => Object.assign(new Error(code), { code });
/** A rejection made when the page asks, as the Auth service's answer arrives. */
const rejectLater = (error: Error) => new Promise<never>((_, reject) => setTimeout(() => reject(error), 0));
beforeEach(() => {
  asked.length = 0;
});
afterEach(cleanup);

describe("ResetPasswordPage", () => {
  it("says in plain words that an expired link has expired, and offers to send a new one", async () => {
    answer = () => rejectLater(codeError("auth/expired-action-code"));
    renderAt("/reset-password?mode=resetPassword&oobCode=old");
    expect(await screen.findByText("This reset link has expired: a link works for an hour. Ask for a new one below.")).toBeTruthy();
    expect(screen.getByRole("heading", { name: "This link cannot be used" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Send the reset link" })).toBeTruthy();
    expect(asked).toEqual(["old"]);
  });

  it("says a used or damaged link cannot be used", async () => {
    answer = () => rejectLater(codeError("auth/invalid-action-code"));
    renderAt("/reset-password?mode=resetPassword&oobCode=used");
    expect(await screen.findByText(/it was used already, a newer link replaced it, or it was copied incompletely/)).toBeTruthy();
  });

  it("an address that is not a reset link asks nothing of the Auth service", () => {
    renderAt("/reset-password?mode=verifyEmail&oobCode=x");
    expect(screen.getByText(/not a password reset link/)).toBeTruthy();
    expect(asked).toEqual([]);
  });

  it("a valid link asks for the new password for its account, under the policy", async () => {
    answer = async () => "admin@example.com";
    renderAt("/reset-password?mode=resetPassword&oobCode=good");
    expect(await screen.findByText("admin@example.com")).toBeTruthy();
    expect(screen.getByLabelText("New password")).toBeTruthy();
    expect(await screen.findByText(/At least 12 characters/)).toBeTruthy();
  });
});

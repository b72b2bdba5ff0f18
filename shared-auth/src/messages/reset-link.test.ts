import { describe, expect, it } from "vitest";
import { authErrorMessage } from "./auth-errors";
import { isSpentResetLink, resetLinkMessage } from "./reset-link";

const codeError = (code: string) => Object.assign(new Error(`Firebase: Error (${code}).`), { code });

describe("reset link messages", () => {
  it("a spent link (expired, used, replaced) offers a new one, and is told apart from a refused password", () => {
    expect(isSpentResetLink(codeError("auth/expired-action-code"))).toBe(true);
    expect(isSpentResetLink(codeError("auth/invalid-action-code"))).toBe(true);
    expect(isSpentResetLink(codeError("auth/password-does-not-meet-requirements"))).toBe(false);
    expect(isSpentResetLink(new Error("no code"))).toBe(false);
    expect(resetLinkMessage(codeError("auth/expired-action-code"))).toMatch(/expired: a link works for an hour\. Ask for a new one below\.$/);
    expect(resetLinkMessage(codeError("auth/invalid-action-code"))).toMatch(/used already, a newer link replaced it/);
  });

  it("an account that is gone says so; anything else gets the catalogue's plain message", () => {
    expect(resetLinkMessage(codeError("auth/user-disabled"))).toBe("The account this link was sent for no longer exists or is disabled.");
    expect(resetLinkMessage(codeError("auth/user-not-found"))).toBe("The account this link was sent for no longer exists or is disabled.");
    const offline = codeError("auth/network-request-failed");
    expect(resetLinkMessage(offline)).toBe(authErrorMessage(offline));
    expect(resetLinkMessage(offline)).not.toContain("auth/");
  });
});

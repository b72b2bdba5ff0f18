// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { renderInSiteRouter } from "../test-router";
import { requirementsFor, type PasswordPolicyOptions } from "shared-auth";

const auth = vi.hoisted(() => ({
  policy: {} as PasswordPolicyOptions,
  changePassword: vi.fn(),
  changeEmail: vi.fn(),
  refreshPasswordPolicy: vi.fn(async () => {}),
  signOutUser: vi.fn(async () => {}),
  state: { status: "signedIn", user: null as null | Record<string, unknown>, isAdmin: true },
}));

vi.mock("shared-auth", async () => {
  const account = await vi.importActual<typeof import("shared-auth")>("shared-auth");
  return {
    requirementsFor: account.requirementsFor,
    checkPasswordPolicy: async (password: string) => ({
      ...account.requirementsFor(auth.policy, password),
      source: "server",
    }),
    refreshPasswordPolicy: auth.refreshPasswordPolicy,
    signOutUser: auth.signOutUser,
    useAuthStore: (select: (s: typeof auth.state) => unknown) => select(auth.state),
  };
});

vi.mock("./admin-account", () => ({ changePassword: auth.changePassword, changeEmail: auth.changeEmail }));

import { AccountScreen, formatTime } from "./account-screen";
import { emailChangeMessage, passwordChangeMessage } from "./account-messages";

const EVERY_OPTION: PasswordPolicyOptions = {
  minPasswordLength: 10,
  maxPasswordLength: 30,
  containsLowercaseLetter: true,
  containsUppercaseLetter: true,
  containsNumericCharacter: true,
  containsNonAlphanumericCharacter: true,
  allowedNonAlphanumericCharacters: "!@#$%",
};

function codeError(code: string) {
  return Object.assign(new Error(code), { code });
}

function renderScreen() {
  return render(
    <MemoryRouter>
      <AccountScreen />
    </MemoryRouter>,
  );
}

const passwordForm = () => within(screen.getByRole("form", { name: "Change password" }));
const type = (label: string, value: string) => fireEvent.change(passwordForm().getByLabelText(new RegExp(`^${label}`)), { target: { value } });
const saveButton = () => passwordForm().getByRole("button", { name: "Change password" }) as HTMLButtonElement;
const requirementState = () =>
  Object.fromEntries(
    passwordForm()
      .getAllByRole("listitem")
      .map((li) => [li.dataset.requirement, li.dataset.met === "true"]),
  );

beforeEach(() => {
  vi.clearAllMocks();
  auth.policy = EVERY_OPTION;
  auth.state = {
    status: "signedIn",
    isAdmin: true,
    user: {
      uid: "u1",
      email: "admin@example.com",
      creationTime: "Sun, 01 Nov 2026 08:00:00 GMT",
      lastSignInTime: "Sun, 22 Nov 2026 09:30:00 GMT",
    },
  };
});
afterEach(cleanup);

describe("account details", () => {
  it("shows the email, creation and last sign-in times", () => {
    renderScreen();
    expect(screen.getByTestId("account-email").textContent).toBe("admin@example.com");
    expect(screen.getByTestId("account-created").querySelector("time")?.getAttribute("datetime")).toBe("2026-11-01T08:00:00.000Z");
    expect(screen.getByTestId("account-last-sign-in").querySelector("time")?.getAttribute("datetime")).toBe("2026-11-22T09:30:00.000Z");
    expect(formatTime("not a date")).toBeNull();
  });
});

describe("change password", () => {
  it("shows the live checklist and keeps save disabled until every requirement is met and the entries match", async () => {
    renderScreen();
    type("Current password", "Portfolio-Admin-2026");
    type("New password", "weakpass");
    await waitFor(() =>
      expect(requirementState()).toEqual({
        minLength: false,
        maxLength: true,
        lowercase: true,
        uppercase: false,
        numeric: false,
        symbol: false,
      }),
    );
    expect(passwordForm().getByText("An uppercase letter (A-Z)").closest("li")?.textContent).toContain("(not met)");
    expect(saveButton().disabled).toBe(true);

    type("New password", "Stronger-pass1!");
    await waitFor(() => expect(Object.values(requirementState()).every(Boolean)).toBe(true));
    type("Confirm new password", "Stronger-pass1?");
    expect(passwordForm().getByText("The two new passwords do not match.")).toBeTruthy();
    expect(saveButton().disabled).toBe(true);

    type("Confirm new password", "Stronger-pass1!");
    expect(saveButton().disabled).toBe(false);
  });

  it("ties the checklist to the new password field for screen readers", async () => {
    renderScreen();
    const input = passwordForm().getByLabelText(/^New password/);
    const ids = (input.getAttribute("aria-describedby") ?? "").split(" ");
    await waitFor(() => expect(ids.some((id) => document.getElementById(id)?.textContent?.includes("The new password needs"))).toBe(true));
  });

  it("with the default policy only six characters are needed", async () => {
    auth.policy = {};
    renderScreen();
    type("Current password", "old");
    type("New password", "abcdef");
    type("Confirm new password", "abcdef");
    await waitFor(() => expect(requirementState()).toEqual({ minLength: true }));
    expect(saveButton().disabled).toBe(false);
  });

  async function fillAndSubmit() {
    type("Current password", "Portfolio-Admin-2026");
    type("New password", "Stronger-pass1!");
    type("Confirm new password", "Stronger-pass1!");
    await waitFor(() => expect(saveButton().disabled).toBe(false));
    await act(async () => {
      fireEvent.click(saveButton());
    });
  }

  it.each([
    ["auth/wrong-password", /current password is not correct/],
    ["auth/invalid-credential", /current password is not correct/],
    ["auth/requires-recent-login", /fresh sign-in/],
    ["auth/too-many-requests", /Too many attempts/],
    ["auth/network-request-failed", /Could not reach the sign-in service/],
  ])("explains %s and keeps everything typed", async (code, message) => {
    auth.changePassword.mockRejectedValue(codeError(code));
    renderScreen();
    await fillAndSubmit();
    expect(await screen.findByText(message)).toBeTruthy();
    expect((passwordForm().getByLabelText(/^Current password/) as HTMLInputElement).value).toBe("Portfolio-Admin-2026");
    expect((passwordForm().getByLabelText(/^New password/) as HTMLInputElement).value).toBe("Stronger-pass1!");
    expect((passwordForm().getByLabelText(/^Confirm new password/) as HTMLInputElement).value).toBe("Stronger-pass1!");
    expect(auth.refreshPasswordPolicy).not.toHaveBeenCalled();
  });

  it("on password-does-not-meet-requirements reloads the policy and refreshes the checklist", async () => {
    auth.changePassword.mockImplementation(async () => {
      // The server's policy turned out stricter than the cached one: 20 characters.
      auth.policy = { ...EVERY_OPTION, minPasswordLength: 20 };
      throw codeError("auth/password-does-not-meet-requirements");
    });
    renderScreen();
    await fillAndSubmit();
    expect(await screen.findByText(/does not meet the password policy/)).toBeTruthy();
    expect(auth.refreshPasswordPolicy).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(requirementState().minLength).toBe(false));
    expect(passwordForm().getByText("At least 20 characters")).toBeTruthy();
    expect(saveButton().disabled).toBe(true);
  });

  it("re-authenticates with the current password and clears the fields on success", async () => {
    auth.changePassword.mockResolvedValue(undefined);
    renderScreen();
    await fillAndSubmit();
    expect(auth.changePassword).toHaveBeenCalledWith("Portfolio-Admin-2026", "Stronger-pass1!");
    expect(await screen.findByText(/Your password was changed/)).toBeTruthy();
    expect((passwordForm().getByLabelText(/^New password/) as HTMLInputElement).value).toBe("");
  });
});

describe("change email", () => {
  const emailForm = () => within(screen.getByRole("form", { name: "Change email" }));

  it("explains an address already in use and an invalid one", async () => {
    renderScreen();
    fireEvent.change(emailForm().getByLabelText(/^New email address/), { target: { value: "not-an-email" } });
    fireEvent.blur(emailForm().getByLabelText(/^New email address/));
    expect(emailForm().getByText(/not a valid email address/)).toBeTruthy();
    expect((emailForm().getByRole("button", { name: "Change email" }) as HTMLButtonElement).disabled).toBe(true);

    auth.changeEmail.mockRejectedValue(codeError("auth/email-already-in-use"));
    fireEvent.change(emailForm().getByLabelText(/^New email address/), { target: { value: "taken@example.com" } });
    fireEvent.change(emailForm().getByLabelText(/^Current password/), { target: { value: "Portfolio-Admin-2026" } });
    await act(async () => {
      fireEvent.click(emailForm().getByRole("button", { name: "Change email" }));
    });
    expect(await emailForm().findByText(/Another account already uses that email address/)).toBeTruthy();
    expect((emailForm().getByLabelText(/^New email address/) as HTMLInputElement).value).toBe("taken@example.com");
    expect(auth.changeEmail).toHaveBeenCalledWith("Portfolio-Admin-2026", "taken@example.com");
  });

  it("shows the new address after a change", async () => {
    auth.changeEmail.mockResolvedValue({ kind: "updated", email: "new@example.com" });
    renderScreen();
    fireEvent.change(emailForm().getByLabelText(/^New email address/), { target: { value: "new@example.com" } });
    fireEvent.change(emailForm().getByLabelText(/^Current password/), { target: { value: "Portfolio-Admin-2026" } });
    await act(async () => {
      fireEvent.click(emailForm().getByRole("button", { name: "Change email" }));
    });
    expect(await screen.findByText("Your sign-in email is now new@example.com.")).toBeTruthy();
  });
});

describe("unsaved changes", () => {
  // Under the shell's router, as in the site: both forms guard, and Back must still ask.
  function renderRouted() {
    return renderInSiteRouter(
      [
        { path: "/admin-panel", element: <p>Overview</p> },
        { path: "/admin-panel/account", element: <AccountScreen /> },
      ],
      ["/admin-panel", "/admin-panel/account"],
    );
  }

  it("Back with a new password typed asks first; Stay keeps it", async () => {
    const router = renderRouted();
    type("New password", "Unsaved-pass1!");
    await act(async () => {
      await router.navigate(-1);
    });
    const dialog = await screen.findByRole("alertdialog", { name: "Leave without saving?" });
    expect(dialog.textContent).toContain("the passwords you typed");
    await act(async () => {
      fireEvent.click(within(dialog).getByRole("button", { name: "Stay on this page" }));
    });
    await waitFor(() => expect(router.location().pathname).toBe("/admin-panel/account"));
    expect((passwordForm().getByLabelText(/^New password/) as HTMLInputElement).value).toBe("Unsaved-pass1!");
  });

  it("names everything typed in both forms, and leaves a clean screen without asking", async () => {
    const router = renderRouted();
    type("Current password", "Portfolio-Admin-2026");
    fireEvent.change(within(screen.getByRole("form", { name: "Change email" })).getByLabelText(/^New email address/), { target: { value: "new@example.com" } });
    await act(async () => {
      await router.navigate(-1);
    });
    const dialog = await screen.findByRole("alertdialog", { name: "Leave without saving?" });
    expect(dialog.textContent).toContain("the passwords you typed");
    expect(dialog.textContent).toContain("the new email you typed");
    // The held Back has been undone: the page is still the account screen.
    await waitFor(() => expect(router.location().pathname).toBe("/admin-panel/account"));
    await act(async () => {
      fireEvent.click(within(dialog).getByRole("button", { name: "Discard and leave" }));
    });
    await screen.findByText("Overview");
    expect(router.location().pathname).toBe("/admin-panel");
    await act(async () => {
      await router.navigate("/admin-panel/account");
    });
    await act(async () => {
      await router.navigate(-1);
    });
    await screen.findByText("Overview");
    expect(router.location().pathname).toBe("/admin-panel");
    expect(screen.queryByRole("alertdialog")).toBeNull();
  });
});

describe("sign out", () => {
  it("signs out from the account screen", async () => {
    renderScreen();
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Sign out" }));
    });
    await waitFor(() => expect(auth.signOutUser).toHaveBeenCalledTimes(1));
  });
});

describe("messages", () => {
  it("never shows a raw code and keeps password and email wording apart", () => {
    expect(passwordChangeMessage(codeError("auth/weak-password"))).toMatch(/too weak/);
    expect(emailChangeMessage(codeError("auth/invalid-email"))).toMatch(/not a valid email/);
    expect(emailChangeMessage(codeError("auth/something-new"))).toBe("Something went wrong. Please try again.");
    expect(requirementsFor(EVERY_OPTION, "").met).toBe(false);
  });
});

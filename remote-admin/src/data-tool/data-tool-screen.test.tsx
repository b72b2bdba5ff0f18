// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";

const mocks = vi.hoisted(() => ({
  auth: { status: "signedOut", isAdmin: null as boolean | null, user: null as null | { email: string } },
  exportAll: vi.fn(),
  importAll: vi.fn(),
  signOutUser: vi.fn(async () => {}),
}));

vi.mock("shared-auth", () => ({
  useAuthStore: (select: (s: typeof mocks.auth) => unknown) => select(mocks.auth),
  signOutUser: mocks.signOutUser,
}));
vi.mock("shared-content/admin", async () => {
  const actual = await vi.importActual<typeof import("shared-content/admin")>("shared-content/admin");
  return { ...actual, exportAll: mocks.exportAll, importAll: mocks.importAll };
});

import { DataToolScreen } from "./data-tool-screen";

const CURRENT = {
  site: {},
  skills: { s1: { name: "TypeScript", category: "Languages", order: 0, rev: 1, updatedAt: 1 } },
  experience: {},
  projects: {},
  recommendations: {},
  quotes: {},
  films: {},
  blog: { posts: {}, index: {} },
};

function renderScreen() {
  return render(
    <MemoryRouter initialEntries={["/create-realtime-data"]}>
      <DataToolScreen />
    </MemoryRouter>,
  );
}

async function chooseFile(content: string, name = "content.json") {
  const input = screen.getByLabelText("JSON file") as HTMLInputElement;
  const file = new File([content], name, { type: "application/json" });
  await act(async () => {
    fireEvent.change(input, { target: { files: [file] } });
  });
}

beforeEach(() => {
  vi.clearAllMocks();
  mocks.auth = { status: "signedIn", isAdmin: true, user: { email: "admin@example.com" } };
  mocks.exportAll.mockResolvedValue(structuredClone(CURRENT));
});
afterEach(cleanup);

describe("who may use it", () => {
  it("explains to a visitor that admin sign-in is needed, with a login link back here", () => {
    mocks.auth = { status: "signedOut", isAdmin: null, user: null };
    renderScreen();
    expect(screen.getByText(/needs the administrator/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Sign in as admin" }).getAttribute("href")).toBe("/login?redirect=%2Fcreate-realtime-data");
    expect(screen.queryByRole("button", { name: "Export all content" })).toBeNull();
  });

  it("tells a signed-in non-admin their account is not an administrator", () => {
    mocks.auth = { status: "signedIn", isAdmin: false, user: { email: "someone@example.com" } };
    renderScreen();
    expect(screen.getByText(/which is not an administrator/).textContent).toContain("someone@example.com");
    expect(screen.getByText(/sign out, then sign in as the/)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Sign out" }));
    expect(mocks.signOutUser).toHaveBeenCalled();
    expect(screen.queryByLabelText("JSON file")).toBeNull();
  });
});

describe("import", () => {
  it("refuses an invalid file with each record's path and reason, and writes nothing", async () => {
    renderScreen();
    await chooseFile(JSON.stringify({ skills: { s1: { name: "", category: "Languages", order: 0 } }, quotes: { q1: { author: "X" } } }));
    const table = await screen.findByRole("table");
    const rows = within(table)
      .getAllByRole("row")
      .slice(1)
      .map((r) => r.textContent);
    expect(rows).toEqual(["skills/s1name: Name is required", "quotes/q1text: the field is missing"]);
    expect((screen.getByRole("button", { name: /^Import \d+ change/ }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText(/2 invalid records, so nothing can be imported/)).toBeTruthy();
    expect(mocks.importAll).not.toHaveBeenCalled();
  });

  it("shows a file that is not JSON as an error next to the field", async () => {
    renderScreen();
    await chooseFile("{ not json", "broken.json");
    expect((await screen.findByRole("alert")).textContent).toMatch(/^broken\.json: The file is not valid JSON/);
  });

  it("shows the summary first and writes only after confirmation", async () => {
    mocks.importAll.mockImplementation(async () => ({ added: ["skills/s2"], changed: [], removed: [], unchanged: 1, invalid: [], ignored: [] }));
    renderScreen();
    await chooseFile(JSON.stringify({ skills: { ...CURRENT.skills, s2: { name: "Go", category: "Languages", order: 1 } } }));
    const counts = await screen.findByTestId("import-counts");
    expect(counts.textContent).toContain("1 to add");
    expect(counts.textContent).toContain("1 unchanged");
    expect(mocks.importAll).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole("button", { name: "Import 1 change" }));
    const dialog = await screen.findByRole("alertdialog");
    expect(dialog.textContent).toContain("1 added, 0 changed, 0 removed");
    await act(async () => {
      fireEvent.click(within(dialog).getByRole("button", { name: "Import" }));
    });
    await waitFor(() => expect(mocks.importAll).toHaveBeenCalledTimes(1));
    expect(mocks.importAll.mock.calls[0]![0]).toMatchObject({ skills: { s2: { name: "Go" } } });
    expect(await screen.findByText(/Imported content\.json: 1 added, 0 changed, 0 removed/)).toBeTruthy();
  });

  it("refuses a JSON file that is not an export of this site, in plain words", async () => {
    renderScreen();
    await chooseFile(JSON.stringify({ name: "some-package", version: "1.0.0", dependencies: {} }), "package.json");
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toMatch(/^package\.json: This file is not an export of this site/);
    expect(screen.queryByTestId("import-counts")).toBeNull();
    expect(screen.queryByText(/invalid record/)).toBeNull();
    expect(screen.queryByRole("button", { name: /^Import \d+ change/ })).toBeNull();
    const input = screen.getByLabelText("JSON file");
    expect(input.getAttribute("aria-describedby")).toBe(alert.id);
  });

  it("names each record and shows what changes in a changed one, long values shortened", async () => {
    const long = `${"A long work title. ".repeat(7)}The end.`;
    mocks.exportAll.mockResolvedValue({
      ...structuredClone(CURRENT),
      quotes: { q1: { text: "Old words", author: "Ada", work: long, rev: 1, updatedAt: 1 } },
    });
    renderScreen();
    await chooseFile(
      JSON.stringify({
        skills: { s1: { name: "TypeScript 5", category: "Languages", order: 0 }, s2: { name: "Go", category: "Languages", order: 1 } },
        quotes: { q1: { text: "New words", author: "Ada", work: long.replace("The end.", "The new end.") } },
      }),
    );
    const added = await screen.findByRole("list", { name: "Added" });
    expect(within(added).getByText("Go (Languages)")).toBeTruthy();
    expect(within(added).getByText("skills/s2")).toBeTruthy();
    const changed = screen.getByRole("list", { name: "Changed" });
    const skill = within(changed).getByText("TypeScript 5 (Languages)").closest("li") as HTMLElement;
    expect(within(skill).getByText("name").closest("li")?.textContent).toBe("name: TypeScript → TypeScript 5");
    const quote = within(changed).getByText("“New words” — Ada").closest("li") as HTMLElement;
    expect(within(quote).getByText("text").closest("li")?.textContent).toBe("text: Old words → New words");
    const work = within(quote).getByText("work").closest("li")?.textContent ?? "";
    // Shortened around the first difference, so the change itself shows.
    expect(work.length).toBeLessThan(200);
    expect(work).toMatch(/^work: ….*The end\. → ….*The new end\.$/);
  });

  it("a failed write says nothing was imported", async () => {
    mocks.importAll.mockRejectedValue(Object.assign(new Error("permission_denied"), { code: "PERMISSION_DENIED" }));
    renderScreen();
    await chooseFile(JSON.stringify({ skills: { s2: { name: "Go", category: "Languages", order: 1 } }, experience: {} }));
    fireEvent.click(await screen.findByRole("button", { name: /^Import \d+ change/ }));
    await act(async () => {
      fireEvent.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Import" }));
    });
    expect(await screen.findByText(/^Nothing was imported\./)).toBeTruthy();
  });
});

describe("plain reasons", () => {
  it("rewrites valibot's technical wording", async () => {
    const { plainReason } = await import("./import-summary-view");
    expect(plainReason('name: Invalid key: Expected "name" but received undefined')).toBe("name: the field is missing");
    expect(plainReason('Invalid key: Expected never but received "colour"')).toBe('the field "colour" is not part of this record');
    expect(plainReason("year: Year must be a number")).toBe("year: Year must be a number");
  });
});

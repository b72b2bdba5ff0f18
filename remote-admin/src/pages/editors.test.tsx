// @vitest-environment jsdom
// Screens with the shared-content reads and writes replaced; validation uses the real schemas.
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { Link, MemoryRouter } from "react-router-dom";
import { renderInSiteRouter } from "../test-router";
import * as content from "shared-content/admin";
import { buttonsWithLabelNotInName } from "../test-helpers";
import { PENDING_SAVE_TEXT, SAVE_PENDING_AFTER_MS } from "../ui";

const state = vi.hoisted(() => ({
  about: null as unknown,
  posts: [] as unknown[],
  quotes: [] as unknown[],
  skills: [] as unknown[],
  experience: [] as unknown[],
  revisions: [] as unknown[],
}));

vi.mock("shared-content/admin", async (importOriginal) => {
  const actual = await importOriginal<typeof import("shared-content/admin")>();
  const live = (data: unknown) => ({ status: "ready", data, error: null, retry: () => {} });
  return {
    ...actual,
    useAbout: () => live(state.about),
    useAllPosts: () => live(state.posts),
    useRevisions: () => live(state.revisions),
    useQuotes: () => live(state.quotes),
    useSkills: () => live(state.skills),
    useExperience: () => live(state.experience),
    saveAbout: vi.fn(),
    savePost: vi.fn(),
    deletePost: vi.fn(),
    deleteRecord: vi.fn(),
    createRecord: vi.fn(),
    newRecordId: vi.fn(async () => "reserved-id"),
    updateRecord: vi.fn(),
    reorderRecords: vi.fn(),
  };
});

import ConfigureAbout from "./configure-about";

// The markdown renderer is its own chunk; load it first so previews render at once.
beforeAll(async () => {
  await content.loadMarkdownRenderer(); // (returning the function would make it a teardown hook)
});

import WriteBlog from "./write-blog";
import WriteQuote from "./write-quote";
import ConfigureSkills from "./configure-skills";
import ConfigureExperience from "./configure-experience";

const about = { headline: "Front-end engineer", bio: "Hi, I'm **Maya**.", location: "Gothenburg", rev: 4, updatedAt: 1 };

beforeEach(() => {
  state.about = about;
  state.posts = [];
  state.quotes = [];
  vi.mocked(content.saveAbout).mockReset();
  vi.mocked(content.savePost).mockReset();
  vi.mocked(content.deleteRecord).mockReset();
  // What a save kept in this browser belongs to the test that made it.
  localStorage.clear();
});
afterEach(cleanup);

const renderAt = (ui: React.ReactNode, path = "/") => render(<MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>);

describe("ConfigureAbout", () => {
  it("previews the bio with the public renderer", () => {
    renderAt(<ConfigureAbout />);
    expect(within(screen.getByTestId("markdown-preview")).getByText("Maya").tagName).toBe("STRONG");
  });

  it("shows schema messages next to the fields and writes nothing", async () => {
    renderAt(<ConfigureAbout />);
    fireEvent.change(screen.getByLabelText(/^Headline/), { target: { value: "" } });
    fireEvent.change(screen.getByLabelText(/^CV URL/), { target: { value: "ftp://cv" } });
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Save" }));
    });
    expect(screen.getByLabelText(/^Headline/).getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByText("Headline is required")).toBeTruthy();
    expect(screen.getByText("A URL must start with http:// or https://")).toBeTruthy();
    expect(content.saveAbout).not.toHaveBeenCalled();
  });

  it("saves the cleaned fields against the loaded revision, then says Saved", async () => {
    vi.mocked(content.saveAbout).mockResolvedValue(5);
    renderAt(<ConfigureAbout />);
    fireEvent.change(screen.getByLabelText(/^Headline/), { target: { value: "  Staff engineer " } });
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Save" }));
    });
    expect(content.saveAbout).toHaveBeenCalledWith(
      { headline: "Staff engineer", bio: "Hi, I'm **Maya**.", location: "Gothenburg", avatarUrl: undefined, cvUrl: undefined },
      4,
    );
    expect(screen.getAllByRole("status").some((s) => s.textContent === "Saved")).toBe(true);
  });

  it("drops the Saved note once the form is edited again, so it never sits beside a new error", async () => {
    vi.mocked(content.saveAbout).mockResolvedValue(5);
    renderAt(<ConfigureAbout />);
    const saved = () => screen.getAllByRole("status").some((s) => s.textContent === "Saved");
    fireEvent.change(screen.getByLabelText(/^Headline/), { target: { value: "Staff engineer" } });
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Save" }));
    });
    expect(saved()).toBe(true);
    fireEvent.change(screen.getByLabelText(/^Headline/), { target: { value: "" } });
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Save" }));
    });
    expect(screen.getByText("Headline is required")).toBeTruthy();
    expect(saved()).toBe(false);
  });

  it("a denied write says so and keeps the input", async () => {
    vi.mocked(content.saveAbout).mockRejectedValue(new content.ContentError("permission-denied"));
    renderAt(<ConfigureAbout />);
    fireEvent.change(screen.getByLabelText(/^Headline/), { target: { value: "Kept headline" } });
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Save" }));
    });
    expect(screen.getByRole("alert").textContent).toMatch(/permission denied/);
    expect((screen.getByLabelText(/^Headline/) as HTMLInputElement).value).toBe("Kept headline");
  });

  it("a conflict refuses to overwrite, says why where the user is, and offers to keep the text", async () => {
    vi.mocked(content.saveAbout).mockRejectedValue(new content.ConflictError("site/about", 5));
    renderAt(<ConfigureAbout />);
    fireEvent.change(screen.getByLabelText(/^Headline/), { target: { value: "Mine" } });
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Save" }));
    });
    expect(screen.getAllByRole("alert").some((a) => /changed this item elsewhere/.test(a.textContent ?? ""))).toBe(true);
    const notice = screen.getByText(/was changed elsewhere while you were editing/).closest("[tabindex]");
    expect(notice).not.toBeNull();
    expect(document.activeElement).toBe(notice);
    expect(within(notice as HTMLElement).getByRole("button", { name: "Copy my text" })).toBeTruthy();
    expect((screen.getByLabelText(/^Headline/) as HTMLInputElement).value).toBe("Mine");
  });

  it("a save the server confirms late says it is pending (not saved from the SDK's own echo), guards the tab, then says Saved", async () => {
    vi.useFakeTimers();
    try {
      let confirm: (rev: number) => void = () => {};
      vi.mocked(content.saveAbout).mockReturnValue(new Promise<number>((resolve) => (confirm = resolve)));
      const view = renderAt(<ConfigureAbout />);
      fireEvent.change(screen.getByLabelText(/^Headline/), { target: { value: "Sent while offline" } });
      await act(async () => {
        fireEvent.click(screen.getByRole("button", { name: "Save" }));
      });
      act(() => {
        vi.advanceTimersByTime(SAVE_PENDING_AFTER_MS);
      });
      const statusText = () => screen.getAllByRole("status").map((s) => s.textContent ?? "");
      expect(statusText()).toContain(PENDING_SAVE_TEXT);
      // The SDK shows its own, unacknowledged value at once: the next revision with these values.
      state.about = { ...about, headline: "Sent while offline", rev: about.rev + 1 };
      view.rerender(
        <MemoryRouter>
          <ConfigureAbout />
        </MemoryRouter>,
      );
      expect(statusText()).not.toContain("Saved");
      expect(screen.queryByText(/was changed elsewhere while you were editing/)).toBeNull();
      const unload = new Event("beforeunload", { cancelable: true });
      window.dispatchEvent(unload);
      expect(unload.defaultPrevented).toBe(true);

      await act(async () => {
        confirm(about.rev + 1);
      });
      expect(statusText()).toContain("Saved");
      expect(screen.queryByRole("alert")).toBeNull();
      expect(screen.queryByRole("button", { name: "Discard changes" })).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it("keeps what a save sends in this browser until the server confirms it, and offers it back after the page closed", async () => {
    vi.mocked(content.saveAbout).mockReturnValue(new Promise<number>(() => {}));
    const first = renderAt(<ConfigureAbout />);
    fireEvent.change(screen.getByLabelText(/^Headline/), { target: { value: "Sent, never confirmed" } });
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Save" }));
    });
    expect(JSON.parse(localStorage.getItem("portfolio:unsaved-about") ?? "null")).toMatchObject({
      values: { headline: "Sent, never confirmed" },
      baseRev: about.rev,
    });
    first.unmount(); // the tab closes with the write unconfirmed

    let confirm: (rev: number) => void = () => {};
    vi.mocked(content.saveAbout).mockReturnValue(new Promise<number>((resolve) => (confirm = resolve)));
    renderAt(<ConfigureAbout />);
    expect((screen.getByLabelText(/^Headline/) as HTMLInputElement).value).toBe(about.headline);
    fireEvent.click(screen.getByRole("button", { name: "Restore it" }));
    expect((screen.getByLabelText(/^Headline/) as HTMLInputElement).value).toBe("Sent, never confirmed");
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Save" }));
    });
    expect(localStorage.getItem("portfolio:unsaved-about")).not.toBeNull();
    await act(async () => {
      confirm(about.rev + 1);
    });
    expect(localStorage.getItem("portfolio:unsaved-about")).toBeNull();
  });

  it("after a confirmed save shows the record as stored, without flagging it as changed elsewhere", async () => {
    vi.mocked(content.saveAbout).mockResolvedValue(about.rev + 1);
    const view = renderAt(<ConfigureAbout />);
    fireEvent.change(screen.getByLabelText(/^Headline/), { target: { value: "  Padded headline  " } });
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Save" }));
    });
    state.about = { ...about, headline: "Padded headline", rev: about.rev + 1 };
    view.rerender(
      <MemoryRouter>
        <ConfigureAbout />
      </MemoryRouter>,
    );
    expect((screen.getByLabelText(/^Headline/) as HTMLInputElement).value).toBe("Padded headline");
    expect(screen.queryByText(/was changed elsewhere while you were editing/)).toBeNull();
    expect(screen.queryByRole("button", { name: "Discard changes" })).toBeNull();
  });

  it("flags a newer version that arrives while the form has edits", () => {
    const view = renderAt(<ConfigureAbout />);
    fireEvent.change(screen.getByLabelText(/^Headline/), { target: { value: "Editing" } });
    state.about = { ...about, headline: "Changed in another tab", rev: 5 };
    view.rerender(
      <MemoryRouter>
        <ConfigureAbout />
      </MemoryRouter>,
    );
    expect(screen.getByText(/was changed elsewhere while you were editing/)).toBeTruthy();
    expect((screen.getByLabelText(/^Headline/) as HTMLInputElement).value).toBe("Editing");
    fireEvent.click(screen.getByRole("button", { name: /Load the newer version/ }));
    expect((screen.getByLabelText(/^Headline/) as HTMLInputElement).value).toBe("Changed in another tab");
  });
});

describe("WriteBlog editor", () => {
  const existing = {
    id: "taken-slug",
    title: "Taken",
    summary: "S",
    body: "B",
    tags: [],
    status: "published",
    readingMinutes: 1,
    createdAt: 1,
    publishedAt: 1,
    rev: 2,
    updatedAt: 1,
  };

  it("the slug follows the title, must be unique, and Publish saves as published", async () => {
    state.posts = [existing];
    vi.mocked(content.savePost).mockResolvedValue(1);
    renderAt(<WriteBlog />, "/admin-panel/write-blog?edit=new");
    fireEvent.change(screen.getByLabelText(/^Title/), { target: { value: "Taken" } });
    fireEvent.change(screen.getByLabelText(/^Title/), { target: { value: "Taken slug" } });
    expect((screen.getByLabelText(/^Slug/) as HTMLInputElement).value).toBe("taken-slug");
    expect(screen.getByText(/Another post already uses the address \/blogs\/taken-slug/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/^Slug/), { target: { value: "fresh-slug" } });
    fireEvent.change(screen.getByLabelText(/^Title/), { target: { value: "Fresh title" } });
    expect((screen.getByLabelText(/^Slug/) as HTMLInputElement).value).toBe("fresh-slug");
    fireEvent.change(screen.getByLabelText(/^Summary/), { target: { value: "Short summary" } });
    fireEvent.change(screen.getByLabelText(/^Body/), { target: { value: "# Hello\n\nText" } });
    expect(screen.getByText("Reading time: 1 min read")).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Publish" }));
    });
    expect(content.savePost).toHaveBeenCalledWith(
      { slug: "fresh-slug", title: "Fresh title", summary: "Short summary", body: "# Hello\n\nText", tags: [], coverUrl: undefined, status: "published" },
      null,
      {},
    );
  });

  it("Unpublish saves an existing post as a draft against its revision", async () => {
    state.posts = [existing];
    vi.mocked(content.savePost).mockResolvedValue(1);
    renderAt(<WriteBlog />, "/admin-panel/write-blog?edit=taken-slug");
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Unpublish" }));
    });
    expect(content.savePost).toHaveBeenCalledWith(expect.objectContaining({ slug: "taken-slug", status: "draft" }), 2, { previousSlug: "taken-slug" });
  });
});

describe("WriteQuote", () => {
  it("searches and asks before deleting, naming the quote", async () => {
    state.quotes = [
      { id: "q1", text: "Simplicity is prerequisite for reliability.", author: "Edsger Dijkstra", rev: 1, updatedAt: 1 },
      { id: "q2", text: "Make it work, make it right, make it fast.", author: "Kent Beck", rev: 1, updatedAt: 1 },
    ];
    vi.mocked(content.deleteRecord).mockResolvedValue(undefined);
    renderAt(<WriteQuote />, "/admin-panel/write-quote");
    fireEvent.change(screen.getByRole("searchbox", { name: "Search quotes" }), { target: { value: "beck" } });
    expect(screen.getAllByRole("listitem")).toHaveLength(1);
    expect(screen.getByText("1 of 2 match")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: /^Delete “Make it work/ }));
    const dialog = screen.getByRole("alertdialog");
    expect(dialog.textContent).toContain("Make it work, make it right, make it fast. — Kent Beck");
    await act(async () => {
      fireEvent.click(within(dialog).getByRole("button", { name: "Delete quote" }));
    });
    expect(content.deleteRecord).toHaveBeenCalledWith("quotes", "q2");
  });
});

describe("ConfigureSkills", () => {
  it("groups skills by category and renames a category on every skill in it", async () => {
    state.skills = [
      { id: "s1", name: "TypeScript", category: "Languages", order: 0, rev: 3, updatedAt: 1 },
      { id: "s2", name: "React", category: "Frameworks", order: 1, rev: 1, updatedAt: 1 },
      { id: "s3", name: "CSS", category: "Languages", order: 2, rev: 7, updatedAt: 1 },
    ];
    vi.mocked(content.updateRecord).mockReset().mockResolvedValue(2);
    renderAt(<ConfigureSkills />, "/admin-panel/configure-skills");
    const languages = screen.getByRole("region", { name: "Languages" });
    expect(
      within(languages)
        .getAllByRole("listitem")
        .map((li) => li.firstElementChild?.textContent),
    ).toEqual(["TypeScript", "CSS"]);
    fireEvent.click(screen.getByRole("button", { name: "Rename the category “Languages”" }));
    fireEvent.change(screen.getByLabelText(/^New name for “Languages”/), { target: { value: "Programming languages" } });
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Rename category" }));
    });
    expect(content.updateRecord).toHaveBeenCalledTimes(2);
    expect(content.updateRecord).toHaveBeenCalledWith("skills", "s1", { name: "TypeScript", category: "Programming languages", order: 0 }, 3);
    expect(content.updateRecord).toHaveBeenCalledWith("skills", "s3", { name: "CSS", category: "Programming languages", order: 2 }, 7);
    expect(screen.getByText(/Renamed “Languages” to “Programming languages” \(2 skills\)/)).toBeTruthy();
  });

  it("moving a skill down reorders within its category only", async () => {
    state.skills = [
      { id: "s1", name: "TypeScript", category: "Languages", order: 0, rev: 3, updatedAt: 1 },
      { id: "s2", name: "React", category: "Frameworks", order: 1, rev: 1, updatedAt: 1 },
      { id: "s3", name: "CSS", category: "Languages", order: 2, rev: 7, updatedAt: 1 },
    ];
    const reorder = vi.mocked(content.reorderRecords).mockReset().mockResolvedValue(undefined);
    renderAt(<ConfigureSkills />, "/admin-panel/configure-skills");
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: 'Move down "TypeScript"' }));
    });
    expect(reorder).toHaveBeenCalledWith("skills", [
      { id: "s3", rev: 7 },
      { id: "s1", rev: 3 },
      { id: "s2", rev: 1 },
    ]);
  });
});

describe("near-duplicate skills, categories and tags", () => {
  const skills = [
    { id: "s1", name: "TypeScript", category: "Languages", order: 0, rev: 3, updatedAt: 1 },
    { id: "s2", name: "React", category: "Frameworks", order: 1, rev: 1, updatedAt: 1 },
  ];
  /** Opens the new skill's form, fills it in and presses Add skill. */
  async function addSkill(name: string, category: string) {
    renderAt(<ConfigureSkills />, "/admin-panel/configure-skills?edit=new");
    fireEvent.change(screen.getByRole("textbox", { name: /^Skill/ }), { target: { value: name } });
    fireEvent.change(screen.getByRole("combobox", { name: /^Category/ }), { target: { value: category } });
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Add skill" }));
    });
  }

  it("refuses a category that differs only in case and offers the existing spelling", async () => {
    state.skills = skills;
    vi.mocked(content.createRecord)
      .mockReset()
      .mockResolvedValue("new-id" as never);
    await addSkill("Rust", " languages");
    expect(content.createRecord).not.toHaveBeenCalled();
    const category = screen.getByRole("combobox", { name: /^Category/ });
    expect(category.getAttribute("aria-invalid")).toBe("true");
    expect(category.getAttribute("aria-describedby")).toContain(`${category.id}-error`);
    expect(document.getElementById(`${category.id}-error`)?.textContent).toBe("A category “Languages” already exists — use it.");
    fireEvent.click(screen.getByRole("button", { name: "Use “Languages”" }));
    expect((category as HTMLInputElement).value).toBe("Languages");
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Add skill" }));
    });
    expect(content.createRecord).toHaveBeenCalledWith("skills", { name: "Rust", category: "Languages" }, "reserved-id");
  });

  it("refuses a skill whose name is already in its category, whatever the case", async () => {
    state.skills = skills;
    vi.mocked(content.createRecord).mockReset();
    await addSkill("typescript ", "Languages");
    expect(content.createRecord).not.toHaveBeenCalled();
    expect(screen.getByRole("textbox", { name: /^Skill/ }).getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByText("“TypeScript” is already in “Languages”.")).toBeTruthy();
    // The same name in another category is a different skill.
    fireEvent.change(screen.getByRole("combobox", { name: /^Category/ }), { target: { value: "Frameworks" } });
    expect(screen.getByRole("textbox", { name: /^Skill/ }).getAttribute("aria-invalid")).toBeNull();
  });

  it("editing a skill does not count the skill itself as a duplicate", () => {
    state.skills = skills;
    renderAt(<ConfigureSkills />, "/admin-panel/configure-skills?edit=s1");
    fireEvent.change(screen.getByRole("textbox", { name: /^Skill/ }), { target: { value: "Typescript" } });
    expect(screen.getByRole("textbox", { name: /^Skill/ }).getAttribute("aria-invalid")).toBeNull();
  });

  it("a category rename that near-duplicates another category is refused with the existing spelling", () => {
    state.skills = skills;
    renderAt(<ConfigureSkills />, "/admin-panel/configure-skills");
    fireEvent.click(screen.getByRole("button", { name: "Rename the category “Frameworks”" }));
    const input = screen.getByLabelText(/^New name for “Frameworks”/);
    fireEvent.change(input, { target: { value: "LANGUAGES" } });
    expect(screen.getByText("A category “Languages” already exists — use it.")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Use “Languages”" }));
    expect((input as HTMLInputElement).value).toBe("Languages");
    expect(input.getAttribute("aria-invalid")).toBeNull();
  });

  it("a post tag spelled differently from one in use is refused, with the existing spelling offered", async () => {
    state.posts = [
      {
        id: "one",
        title: "One",
        summary: "S",
        body: "B",
        tags: ["Tésting", "React"],
        status: "published",
        readingMinutes: 1,
        createdAt: 1,
        rev: 1,
        updatedAt: 1,
      },
    ];
    vi.mocked(content.savePost).mockResolvedValue(1);
    renderAt(<WriteBlog />, "/admin-panel/write-blog?edit=new");
    fireEvent.change(screen.getByLabelText(/^Title/), { target: { value: "Two" } });
    fireEvent.change(screen.getByLabelText(/^Summary/), { target: { value: "S" } });
    fireEvent.change(screen.getByLabelText(/^Body/), { target: { value: "B" } });
    const tags = screen.getByLabelText(/^Tags/);
    fireEvent.change(tags, { target: { value: "testing, Vitest" } });
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Save draft" }));
    });
    expect(content.savePost).not.toHaveBeenCalled();
    expect(tags.getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByText("The tag “testing” already exists as “Tésting” — use it.")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Use “Tésting”" }));
    expect((tags as HTMLInputElement).value).toBe("Tésting, Vitest");
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Save draft" }));
    });
    // Saved in lower case: "React" on one post and "react" on another are one tag.
    expect(content.savePost).toHaveBeenCalledWith(expect.objectContaining({ tags: ["tésting", "vitest"] }), null, {});
  });
});

describe("a collection record saved, then edited into an error", () => {
  it("no longer says Saved", async () => {
    state.quotes = [{ id: "q1", text: "Less is more.", author: "Mies", rev: 1, updatedAt: 1 }];
    vi.mocked(content.updateRecord).mockReset().mockResolvedValue(2);
    renderAt(<WriteQuote />, "/admin-panel/write-quote?edit=q1");
    const saved = () => screen.getAllByRole("status").some((s) => s.textContent === "Saved");
    fireEvent.change(screen.getByRole("textbox", { name: /^Quote/ }), { target: { value: "Less is a bore." } });
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Save changes" }));
    });
    expect(content.updateRecord).toHaveBeenCalledTimes(1);
    expect(saved()).toBe(true);
    fireEvent.change(screen.getByRole("textbox", { name: /^Quote/ }), { target: { value: "" } });
    expect(screen.getByRole("textbox", { name: /^Quote/ }).getAttribute("aria-invalid")).toBe("true");
    expect(saved()).toBe(false);
  });
});

describe("leaving an editor through its own button", () => {
  it("asks before discarding edits; Keep editing keeps them", async () => {
    state.quotes = [{ id: "q1", text: "Less is more.", author: "Mies", rev: 1, updatedAt: 1 }];
    renderAt(<WriteQuote />, "/admin-panel/write-quote?edit=q1");
    fireEvent.change(screen.getByRole("textbox", { name: /^Quote/ }), { target: { value: "Less is a bore." } });
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    const dialog = screen.getByRole("alertdialog", { name: "Discard your changes?" });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole("button", { name: "Keep editing" }));
    });
    expect((screen.getByRole("textbox", { name: /^Quote/ }) as HTMLTextAreaElement).value).toBe("Less is a bore.");
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    await act(async () => {
      fireEvent.click(within(screen.getByRole("alertdialog")).getByRole("button", { name: "Discard changes" }));
    });
    await waitFor(() => expect(screen.getByRole("button", { name: "Add quote" })).toBeTruthy());
    expect(screen.queryByRole("textbox", { name: /^Quote/ })).toBeNull();
  });
});

describe("a record deleted elsewhere while it is being edited", () => {
  it("keeps the input, says so, and can save it as a new record", async () => {
    state.quotes = [{ id: "q1", text: "Less is more.", author: "Mies", rev: 1, updatedAt: 1 }];
    vi.mocked(content.createRecord).mockReset().mockResolvedValue("q9");
    const view = renderAt(<WriteQuote />, "/admin-panel/write-quote?edit=q1");
    fireEvent.change(screen.getByRole("textbox", { name: /^Quote/ }), { target: { value: "Less is a bore." } });
    state.quotes = [];
    view.rerender(
      <MemoryRouter initialEntries={["/admin-panel/write-quote?edit=q1"]}>
        <WriteQuote />
      </MemoryRouter>,
    );
    expect(screen.getByText(/was deleted elsewhere while you were editing/)).toBeTruthy();
    expect((screen.getByRole("textbox", { name: /^Quote/ }) as HTMLTextAreaElement).value).toBe("Less is a bore.");
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Save as a new quote" }));
    });
    expect(content.createRecord).toHaveBeenCalledWith("quotes", { text: "Less is a bore.", author: "Mies", work: undefined, year: undefined }, "reserved-id");
  });
});

describe("ConfigureExperience", () => {
  it("names the project and list buttons with their visible labels first (label in name)", () => {
    state.experience = [
      { id: "e1", company: "Acme", role: "Engineer", start: "2020-01", projects: [], order: 1, rev: 1, updatedAt: 1 },
      { id: "e2", company: "Beta", role: "Lead", start: "2022-01", projects: [], order: 2, rev: 1, updatedAt: 1 },
    ];
    const view = renderAt(<ConfigureExperience />, "/admin-panel/configure-experience");
    expect(screen.getAllByRole("button", { name: /^Move up/ })).toHaveLength(2);
    expect(buttonsWithLabelNotInName()).toEqual([]);
    view.unmount();
    renderAt(<ConfigureExperience />, "/admin-panel/configure-experience?edit=new");
    fireEvent.click(screen.getByRole("button", { name: "Add project" }));
    fireEvent.click(screen.getByRole("button", { name: "Add project" }));
    expect(screen.getByRole("button", { name: "Move down project 1" })).toBeTruthy();
    expect(buttonsWithLabelNotInName()).toEqual([]);
  });

  it("puts the end-before-start message at the end month and sends projects with technologies", async () => {
    state.experience = [];
    vi.mocked(content.createRecord).mockReset().mockResolvedValue("e1");
    renderAt(<ConfigureExperience />, "/admin-panel/configure-experience?edit=new");
    fireEvent.change(screen.getByLabelText(/^Role/), { target: { value: "Engineer" } });
    fireEvent.change(screen.getByLabelText(/^Company \(required\)/), { target: { value: "Acme" } });
    fireEvent.change(screen.getByLabelText(/^Start month/), { target: { value: "2024-05" } });
    fireEvent.change(screen.getByLabelText(/^End month/), { target: { value: "2023-01" } });
    fireEvent.click(screen.getByRole("button", { name: "Add project" }));
    fireEvent.change(screen.getByLabelText(/^Project 1 name/), { target: { value: "Dashboard" } });
    fireEvent.change(screen.getByLabelText(/^Project 1 technologies/), { target: { value: "React, D3" } });
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Add experience entry" }));
    });
    const end = screen.getByLabelText(/^End month/);
    expect(end.getAttribute("aria-invalid")).toBe("true");
    expect(document.getElementById(end.getAttribute("aria-describedby")!.split(" ").pop()!)?.textContent).toBe(
      "The end month must not be before the start month",
    );
    expect(content.createRecord).not.toHaveBeenCalled();
    fireEvent.click(screen.getByLabelText("I work here now (no end month)"));
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Add experience entry" }));
    });
    expect(content.createRecord).toHaveBeenCalledWith(
      "experience",
      {
        company: "Acme",
        companyUrl: undefined,
        role: "Engineer",
        location: undefined,
        start: "2024-05",
        end: undefined,
        summary: undefined,
        projects: [{ name: "Dashboard", description: undefined, technologies: ["React", "D3"] }],
      },
      "reserved-id",
    );
  });
});

describe("under the shell's router (the leave guard active)", () => {
  it("saving a new record and returning to the list is not stopped by the leave guard", async () => {
    state.quotes = [];
    vi.mocked(content.createRecord).mockReset().mockResolvedValue("q1");
    const router = renderInSiteRouter([{ path: "/admin-panel/write-quote", element: <WriteQuote /> }], ["/admin-panel/write-quote?edit=new"]);
    fireEvent.change(screen.getByRole("textbox", { name: /^Quote/ }), { target: { value: "Keep it simple." } });
    fireEvent.change(screen.getByLabelText(/^Author/), { target: { value: "Anon" } });
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Add quote" }));
    });
    await waitFor(() => expect(router.location().search).toBe(""));
    expect(screen.queryByRole("alertdialog")).toBeNull();
    expect(screen.getByText("Added the quote.")).toBeTruthy();
  });

  it("Cancel, then Discard changes, returns to the list without a second question", async () => {
    state.quotes = [{ id: "q1", text: "Less is more.", author: "Mies", rev: 1, updatedAt: 1 }];
    const router = renderInSiteRouter([{ path: "/admin-panel/write-quote", element: <WriteQuote /> }], ["/admin-panel/write-quote?edit=q1"]);
    fireEvent.change(screen.getByRole("textbox", { name: /^Quote/ }), { target: { value: "Less is a bore." } });
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    await act(async () => {
      fireEvent.click(within(screen.getByRole("alertdialog", { name: "Discard your changes?" })).getByRole("button", { name: "Discard changes" }));
    });
    await waitFor(() => expect(router.location().search).toBe(""));
    expect(screen.queryByRole("alertdialog")).toBeNull();
  });

  it("but leaving a dirty form through a link still asks", async () => {
    state.quotes = [];
    const router = renderInSiteRouter(
      [
        {
          path: "/admin-panel/write-quote",
          element: (
            <>
              <Link to="/elsewhere">Elsewhere</Link>
              <WriteQuote />
            </>
          ),
        },
        { path: "/elsewhere", element: <p>Other</p> },
      ],
      ["/admin-panel/write-quote?edit=new"],
    );
    fireEvent.change(screen.getByRole("textbox", { name: /^Quote/ }), { target: { value: "Unsaved" } });
    await act(async () => {
      fireEvent.click(screen.getByRole("link", { name: "Elsewhere" }));
    });
    expect(screen.getByRole("alertdialog", { name: "Leave without saving?" })).toBeTruthy();
    expect(router.location().pathname).toBe("/admin-panel/write-quote");
  });
});

describe("deleting a post", () => {
  it("returns to the list with a message even when the post vanishes from the live list first", async () => {
    state.posts = [
      { id: "gone-soon", title: "Gone soon", summary: "S", body: "B", tags: [], status: "draft", readingMinutes: 1, createdAt: 1, rev: 1, updatedAt: 1 },
    ];
    let finish: () => void = () => {};
    vi.mocked(content.deletePost)
      .mockReset()
      .mockImplementation(() => new Promise<void>((r) => (finish = r)));
    const view = renderAt(<WriteBlog />, "/admin-panel/write-blog?edit=gone-soon");
    fireEvent.click(screen.getByRole("button", { name: "Delete post" }));
    const dialog = screen.getByRole("alertdialog", { name: "Delete this post?" });
    expect(dialog.textContent).toContain("“Gone soon” (/blogs/gone-soon)");
    await act(async () => {
      fireEvent.click(within(dialog).getByRole("button", { name: "Delete post" }));
    });
    // The live list drops the post (the SDK's local event) before the write is confirmed.
    state.posts = [];
    view.rerender(
      <MemoryRouter initialEntries={["/admin-panel/write-blog?edit=gone-soon"]}>
        <WriteBlog />
      </MemoryRouter>,
    );
    await act(async () => {
      finish();
    });
    expect(content.deletePost).toHaveBeenCalledWith("gone-soon");
    await waitFor(() => expect(screen.getByText("Deleted the post “Gone soon”.")).toBeTruthy());
  });
});

describe("the post editor's save sequence (the same hook as the other editors)", () => {
  const post = { id: "kept", title: "Kept", summary: "S", body: "B", tags: [], status: "draft", readingMinutes: 1, createdAt: 1, rev: 3, updatedAt: 1 };

  it("a save confirmed late says pending, then Saved, with no failure note left behind, and a new post becomes its edit form", async () => {
    vi.useFakeTimers();
    try {
      state.posts = [];
      let confirm: (rev: number) => void = () => {};
      vi.mocked(content.savePost).mockReturnValue(new Promise<number>((resolve) => (confirm = resolve)));
      const router = renderInSiteRouter([{ path: "/admin-panel/write-blog", element: <WriteBlog /> }], ["/admin-panel/write-blog?edit=new"]);
      fireEvent.change(screen.getByLabelText(/^Title/), { target: { value: "Late post" } });
      fireEvent.change(screen.getByLabelText(/^Summary/), { target: { value: "Sent while offline" } });
      fireEvent.change(screen.getByLabelText(/^Body/), { target: { value: "Text" } });
      await act(async () => {
        fireEvent.click(screen.getByRole("button", { name: "Save draft" }));
      });
      act(() => {
        vi.advanceTimersByTime(SAVE_PENDING_AFTER_MS);
      });
      expect(screen.getAllByRole("status").map((s) => s.textContent)).toContain(PENDING_SAVE_TEXT);
      expect(router.location().search).toBe("?edit=new");
      // The live list already holds the SDK's own copy of the new post.
      state.posts = [{ ...post, id: "late-post", title: "Late post", summary: "Sent while offline", body: "Text", rev: 1 }];
      await act(async () => {
        confirm(1);
      });
      expect(screen.getAllByRole("status").some((s) => s.textContent?.startsWith("Saved."))).toBe(true);
      expect(screen.queryByText(/^Not saved/)).toBeNull();
      expect(router.location().search).toBe("?edit=late-post");
      expect(screen.getByRole("heading", { level: 1 }).textContent).not.toBe("New post");
    } finally {
      vi.useRealTimers();
    }
  });

  it("a post deleted elsewhere keeps the input and can be saved as a new post", async () => {
    state.posts = [post];
    vi.mocked(content.savePost).mockReset().mockResolvedValue(1);
    const view = renderAt(<WriteBlog />, "/admin-panel/write-blog?edit=kept");
    fireEvent.change(screen.getByLabelText(/^Body/), { target: { value: "My unsaved text" } });
    state.posts = [];
    view.rerender(
      <MemoryRouter initialEntries={["/admin-panel/write-blog?edit=kept"]}>
        <WriteBlog />
      </MemoryRouter>,
    );
    expect(screen.getByText(/This post was deleted elsewhere while you were editing/)).toBeTruthy();
    expect((screen.getByLabelText(/^Body/) as HTMLTextAreaElement).value).toBe("My unsaved text");
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Save as a new post" }));
    });
    expect(content.savePost).toHaveBeenCalledWith(expect.objectContaining({ slug: "kept", body: "My unsaved text", status: "draft" }), null, {});
  });

  it("the “Loaded the version from …” note goes once a later save lands", async () => {
    state.posts = [post];
    state.revisions = [{ ...post, id: "v2", title: "Older title", rev: 2, updatedAt: 2 }];
    vi.mocked(content.savePost).mockReset().mockResolvedValue(4);
    renderAt(<WriteBlog />, "/admin-panel/write-blog?edit=kept");
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: /^Restore the version from/ }));
    });
    expect(screen.getByText(/^Loaded the version from/)).toBeTruthy();
    expect((screen.getByLabelText(/^Title/) as HTMLInputElement).value).toBe("Older title");
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Save draft" }));
    });
    expect(content.savePost).toHaveBeenCalled();
    expect(screen.queryByText(/^Loaded the version from/)).toBeNull();
    state.revisions = [];
  });
});

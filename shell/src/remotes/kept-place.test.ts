import { afterEach, describe, expect, it, vi } from "vitest";
import { KEPT_PLACE_KEY } from "./kept-place-key";
import { reloadKeepingPlace, restoreKeptPlace } from "./kept-place";

const PAGE = `
  <input id="search" type="search" value="">
  <input name="tag" value="">
  <input type="password" value="">
  <input type="checkbox" id="dark">
  <textarea name="note"></textarea>
  <select id="sort"><option value="new" selected>New</option><option value="old">Old</option></select>`;

describe("a reload that keeps the visitor's place", () => {
  afterEach(() => {
    sessionStorage.clear();
    document.body.innerHTML = "";
    delete document.documentElement.dataset.interactive;
  });

  it("keeps what was typed (never a password) and puts it back the way typing does, once the page responds", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined); // jsdom does not navigate
    document.body.innerHTML = PAGE;
    const field = (selector: string) => document.querySelector<HTMLInputElement>(selector)!;
    field("#search").value = "seneca";
    field("[name=tag]").value = "stoic";
    field("[type=password]").value = "secret";
    field("#dark").checked = true;
    document.querySelector<HTMLTextAreaElement>("textarea")!.value = "a line";
    document.querySelector<HTMLSelectElement>("#sort")!.value = "old";
    expect(reloadKeepingPlace("remote_blog")).toBe(true);
    expect(sessionStorage.getItem(KEPT_PLACE_KEY)).not.toContain("secret");
    // Not twice in a row for the same remote on the same page: that reload did not help.
    expect(reloadKeepingPlace("remote_blog")).toBe(false);

    // The reloaded page, as the server sent it.
    document.body.innerHTML = PAGE;
    const typed = vi.fn();
    document.body.addEventListener("input", typed);
    document.documentElement.dataset.interactive = "true";
    await restoreKeptPlace();
    expect(field("#search").value).toBe("seneca");
    expect(field("[name=tag]").value).toBe("stoic");
    expect(field("[type=password]").value).toBe("");
    expect(field("#dark").checked).toBe(true);
    expect(document.querySelector("textarea")!.value).toBe("a line");
    expect(document.querySelector<HTMLSelectElement>("#sort")!.value).toBe("old");
    expect(typed).toHaveBeenCalled();
    await vi.waitFor(() => expect(document.querySelector('[role="status"]')?.textContent).toContain("what you typed were kept"));
    // Put back once: the record now only spaces reloads.
    expect(JSON.parse(sessionStorage.getItem(KEPT_PLACE_KEY)!)).not.toHaveProperty("place");
  });
});

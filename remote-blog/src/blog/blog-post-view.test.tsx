// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
// The renderer warmed through the admin entry: the same module in tests, and not a visitor's export.
import { loadMarkdownRenderer } from "shared-content/admin";
import { BlogPostView } from "./blog-post-view";
import type { LoadState } from "shared-ui";
import type { Post } from "../ui/types";
import { failed, loading, post, ready, summary } from "../test-fixtures";

// The markdown renderer is its own chunk; load it first so the post body renders at once.
beforeAll(async () => {
  await loadMarkdownRenderer(); // (returning the function would make it a teardown hook)
});
afterEach(cleanup);

const view = (state: LoadState<Post | null>, slug = "hello-world") => (
  <MemoryRouter>
    <BlogPostView state={state} slug={slug} />
  </MemoryRouter>
);

describe("BlogPostView", () => {
  it("renders the post with sanitised markdown, styled code, lazy images and safe external links", () => {
    const body = [
      "## Setting up",
      "",
      "See [the docs](https://example.com/docs) and [home](/).",
      "",
      "```ts",
      "const x: number = 1;",
      "```",
      "",
      "![diagram](https://example.com/d.png)",
      "",
      '<script>window.pwned = true</script><img src=x onerror="window.pwned = true"> [bad](javascript:alert(1))',
    ].join("\n");
    render(view(ready(post({ body, title: "Hello <world>" }))));
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Hello <world>");
    expect(screen.getByRole("heading", { level: 2, name: "Setting up" })).toBeTruthy();
    const external = screen.getByRole("link", { name: "the docs" });
    expect(external.getAttribute("rel")).toContain("noopener");
    expect(external.getAttribute("rel")).toContain("noreferrer");
    expect(document.querySelector("pre code")?.textContent).toContain("const x: number = 1;");
    expect(document.querySelector("pre")?.getAttribute("tabindex")).toBe("0");
    expect(screen.getByAltText("diagram").getAttribute("loading")).toBe("lazy");
    expect(document.querySelector("script")).toBeNull();
    expect(document.querySelector("[onerror]")).toBeNull();
    expect(document.querySelector('a[href^="javascript"]')).toBeNull();
    expect((window as { pwned?: boolean }).pwned).toBeUndefined();
  });

  it("lists three or more headings in a table of contents linking to them; fewer get none", () => {
    // What a save stores for this body (shared-content's compiler, tested there).
    const heading = (depth: number, id: string, text: string) =>
      `<div class="heading"><h${depth} id="${id}">${text}</h${depth}><a class="heading-link" href="#${id}" aria-label="Link to the section “${text}”">#</a></div>`;
    const html = [
      heading(2, "one", "One"),
      "<p>Text.</p>",
      heading(3, "one-a-detail", "One, a detail"),
      heading(2, "two", "Two"),
      heading(2, "one-2", "One"),
    ].join("");
    const toc = [
      { id: "one", text: "One", depth: 2 },
      { id: "one-a-detail", text: "One, a detail", depth: 3 },
      { id: "two", text: "Two", depth: 2 },
      { id: "one-2", text: "One", depth: 2 },
    ];
    const { unmount } = render(view(ready(post({ body: "## One\n\nText.\n\n### One, a detail\n\n## Two\n\n## One", bodyHtml: html, toc }))));
    const nav = screen.getByRole("navigation", { name: "Table of contents" });
    const links = [...nav.querySelectorAll("a")].map((a) => [a.textContent, a.getAttribute("href")]);
    expect(links).toEqual([
      ["One", "#one"],
      ["One, a detail", "#one-a-detail"],
      ["Two", "#two"],
      ["One", "#one-2"],
    ]);
    // The subsection is nested under its section.
    expect(nav.querySelector("li > ol > li > a")?.textContent).toBe("One, a detail");
    for (const [, href] of links) expect(document.getElementById(href!.slice(1))).not.toBeNull();
    expect(screen.getByRole("link", { name: "Link to the section “Two”" }).getAttribute("href")).toBe("#two");
    unmount();
    render(view(ready(post({ body: "## Only\n\n## Two", bodyHtml: heading(2, "only", "Only") + heading(2, "two", "Two"), toc: toc.slice(0, 2) }))));
    expect(screen.queryByRole("navigation", { name: "Table of contents" })).toBeNull();
  });

  it("shows the HTML stored with the post as it is, without compiling its markdown", () => {
    render(view(ready(post({ body: "## From the markdown", bodyHtml: '<h2 id="stored">From the stored HTML</h2>' }))));
    expect(screen.getByRole("heading", { level: 2, name: "From the stored HTML" })).toBeTruthy();
    expect(screen.queryByText("From the markdown")).toBeNull();
  });

  it("sets the title and meta description and restores them on unmount", () => {
    document.title = "Site";
    const { unmount } = render(view(ready(post({ title: "Hello world", summary: "The first post." }))));
    expect(document.title).toBe("Hello world · Portfolio");
    expect(document.querySelector('meta[name="description"]')?.getAttribute("content")).toBe("The first post.");
    unmount();
    expect(document.title).toBe("Site");
    expect(document.querySelector('meta[name="description"]')).toBeNull();
  });

  it("shows not found for an unknown or draft slug", () => {
    render(view(ready(null), "no-such-post"));
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Post not found");
    expect(screen.getByText("no-such-post")).toBeTruthy();
    expect(screen.getByRole("link", { name: "See all posts" }).getAttribute("href")).toBe("/blogs/list");
    expect(document.title).toMatch(/not found/i);
  });

  it("shows a skeleton while loading and an error with Retry", () => {
    const { rerender } = render(view(loading(null)));
    expect(screen.getByRole("status").textContent).toMatch(/loading the post/i);
    const retry = vi.fn();
    rerender(view(failed(null, retry)));
    fireEvent.click(screen.getByRole("button", { name: "Retry" }));
    expect(retry).toHaveBeenCalledOnce();
  });

  it("links the newer, older and related posts, and offers to share the post", async () => {
    const newer = summary({ id: "newer-one", title: "Newer one" });
    const older = summary({ id: "older-one", title: "Older one" });
    const related = summary({ id: "related-one", title: "Related one" });
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    render(
      <MemoryRouter>
        <BlogPostView state={ready(post())} slug="hello-world" more={{ newer, older, related: [related] }} />
      </MemoryRouter>,
    );
    const pager = screen.getByRole("navigation", { name: "Newer and older posts" });
    expect(pager.querySelector('a[href="/blogs/newer-one"]')?.textContent).toBe("Newer one");
    expect(pager.querySelector('a[href="/blogs/older-one"]')?.textContent).toBe("Older one");
    expect(screen.getByRole("link", { name: "Related one" }).getAttribute("href")).toBe("/blogs/related-one");
    const share = screen.getByRole("region", { name: "Share this post" });
    expect(share.querySelector('a[href^="mailto:"]')?.getAttribute("href")).toContain(encodeURIComponent("Hello world"));
    for (const a of share.querySelectorAll('a[target="_blank"]')) expect(a.getAttribute("rel")).toBe("noopener noreferrer");
    fireEvent.click(screen.getByRole("button", { name: "Copy link" }));
    expect(writeText).toHaveBeenCalledWith(window.location.origin + window.location.pathname);
    expect(await screen.findByText("Link copied.")).toBeTruthy();
  });
});

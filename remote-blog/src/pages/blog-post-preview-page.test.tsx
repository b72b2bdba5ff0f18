// @vitest-environment jsdom
import { act } from "react";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { cleanup, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
// The renderer warmed through the admin entry: the same module in tests, and not a visitor's export.
import { loadMarkdownRenderer } from "shared-content/admin";
import { POST_PREVIEW_KEY, writePostPreview } from "shared-content/preview";
import BlogPostPreviewPage from "./blog-post-preview-page";

beforeAll(async () => {
  await loadMarkdownRenderer();
});
afterEach(() => {
  cleanup();
  localStorage.clear();
});

const page = () => (
  <MemoryRouter>
    <BlogPostPreviewPage />
  </MemoryRouter>
);

describe("the draft preview screen", () => {
  it("shows the post the editor handed over as the post page does, marked as a preview, without share links", () => {
    writePostPreview({
      slug: "my-draft",
      title: "My draft",
      summary: "",
      body: "## Part one\n\nFirst words.",
      tags: ["notes"],
      coverUrl: "javascript:alert(1)",
      publishedAt: Date.UTC(2026, 0, 2),
      at: Date.UTC(2026, 0, 2),
    });
    render(page());
    expect(screen.getByRole("heading", { level: 1, name: "My draft" })).toBeTruthy();
    expect(screen.getByRole("heading", { level: 2, name: "Part one" })).toBeTruthy();
    expect(screen.getByRole("note").textContent).toContain("/blogs/my-draft");
    expect(screen.getByRole("list", { name: "Tags" }).textContent).toContain("#notes");
    expect(screen.queryByRole("heading", { name: "Share this post" })).toBeNull();
    expect(document.querySelector("img")).toBeNull(); // an unsafe cover is not shown
  });

  it("follows the editor: a change in another tab shows at once", () => {
    writePostPreview({ slug: "", title: "", summary: "", body: "", tags: [], publishedAt: 1, at: 1 });
    render(page());
    expect(screen.getByRole("heading", { level: 1, name: "Untitled post" })).toBeTruthy();
    act(() => {
      writePostPreview({ slug: "", title: "Now titled", summary: "", body: "", tags: [], publishedAt: 1, at: 2 });
      window.dispatchEvent(new StorageEvent("storage", { key: POST_PREVIEW_KEY }));
    });
    expect(screen.getByRole("heading", { level: 1, name: "Now titled" })).toBeTruthy();
  });

  it("says how to get a preview when there is none", () => {
    render(page());
    expect(screen.getByRole("heading", { level: 1, name: "Nothing to preview" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Go to the blog posts" }).getAttribute("href")).toBe("/admin-panel/write-blog");
  });
});

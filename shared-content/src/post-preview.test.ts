// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { POST_PREVIEW_KEY, clearPostPreview, readPostPreview, subscribePostPreview, writePostPreview, type PostPreview } from "./post-preview";

const preview: PostPreview = { slug: "draft-one", title: "Draft", summary: "", body: "Soon.", tags: ["a"], publishedAt: 1, at: 2 };
afterEach(() => localStorage.clear());

describe("the draft preview handed from the editor to the blog's preview screen", () => {
  it("round-trips through this browser's storage, unfinished drafts included, and clears", () => {
    expect(readPostPreview()).toBeNull();
    expect(writePostPreview(preview)).toBe(true);
    expect(readPostPreview()).toEqual(preview);
    clearPostPreview();
    expect(readPostPreview()).toBeNull();
  });

  it("reads anything else under its key as no preview", () => {
    for (const raw of ["not json", "null", JSON.stringify({ ...preview, body: 42 }), JSON.stringify({ ...preview, title: "x".repeat(161) })]) {
      localStorage.setItem(POST_PREVIEW_KEY, raw);
      expect(readPostPreview(), raw.slice(0, 20)).toBeNull();
    }
  });

  it("tells the preview screen when another tab changes it, and stops when asked", () => {
    const onChange = vi.fn();
    const stop = subscribePostPreview(onChange);
    window.dispatchEvent(new StorageEvent("storage", { key: "something-else" }));
    expect(onChange).not.toHaveBeenCalled();
    window.dispatchEvent(new StorageEvent("storage", { key: POST_PREVIEW_KEY }));
    expect(onChange).toHaveBeenCalledTimes(1);
    stop();
    window.dispatchEvent(new StorageEvent("storage", { key: POST_PREVIEW_KEY }));
    expect(onChange).toHaveBeenCalledTimes(1);
  });
});

import { afterEach, describe, expect, it, vi } from "vitest";
import { onStoredChange, readStored, readStoredOrFormer, removeStored, storageKey, writeStored } from "./browser-storage";

afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
});

describe("the browser-storage helper", () => {
  it("keeps JSON values under one key scheme", () => {
    expect(storageKey("theme")).toBe("portfolio:theme");
    expect(storageKey("post-autosave", "my-post")).toBe("portfolio:post-autosave:my-post");
    expect(writeStored(storageKey("theme"), "dark")).toBe(true);
    expect(localStorage.getItem("portfolio:theme")).toBe('"dark"');
    expect(readStored(storageKey("theme"))).toBe("dark");
    removeStored(storageKey("theme"));
    expect(readStored(storageKey("theme"))).toBeNull();
  });

  it("treats unreadable values and refusing storage as nothing kept, never as an error", () => {
    localStorage.setItem("portfolio:broken", "{not json");
    expect(readStored("portfolio:broken")).toBeNull();
    vi.spyOn(Storage.prototype, "setItem").mockImplementation(() => {
      throw new DOMException("full", "QuotaExceededError");
    });
    expect(writeStored("portfolio:x", 1)).toBe(false);
  });

  it("moves a value an earlier version kept under its own key, once", () => {
    localStorage.setItem("old-theme", "dark");
    const decode = (raw: string) => (raw === "dark" || raw === "light" ? raw : null);
    expect(readStoredOrFormer("portfolio:theme", "old-theme", decode)).toBe("dark");
    expect(localStorage.getItem("old-theme")).toBeNull();
    expect(localStorage.getItem("portfolio:theme")).toBe('"dark"');
    // The new key wins from now on, even if an old page writes the former key again.
    localStorage.setItem("old-theme", "light");
    expect(readStoredOrFormer("portfolio:theme", "old-theme", decode)).toBe("dark");
  });

  it("drops a former value it cannot read, and keeps one it could not move", () => {
    localStorage.setItem("old", "purple");
    expect(readStoredOrFormer("portfolio:new", "old", () => null)).toBeNull();
    expect(localStorage.getItem("old")).toBeNull();

    localStorage.setItem("old", "1");
    vi.spyOn(Storage.prototype, "setItem").mockImplementation(() => {
      throw new DOMException("full", "QuotaExceededError");
    });
    expect(readStoredOrFormer("portfolio:new", "old", () => true)).toBe(true);
    expect(localStorage.getItem("old")).toBe("1");
  });

  it("tells of changes made in another tab", () => {
    const onChange = vi.fn();
    const stop = onStoredChange("portfolio:theme", onChange);
    window.dispatchEvent(new StorageEvent("storage", { key: "portfolio:other" }));
    window.dispatchEvent(new StorageEvent("storage", { key: "portfolio:theme" }));
    stop();
    window.dispatchEvent(new StorageEvent("storage", { key: "portfolio:theme" }));
    expect(onChange).toHaveBeenCalledTimes(1);
  });
});

import { describe, expect, it } from "vitest";
import { THEME_STORAGE_KEY, applyTheme, readStoredTheme, storeTheme } from "./theme";

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v), data };
}

describe("theme", () => {
  it("is light by default", () => {
    expect(readStoredTheme(memoryStorage())).toBe("light");
  });
  it("remembers the dark choice", () => {
    const storage = memoryStorage();
    storeTheme("dark", storage);
    expect(storage.data.get(THEME_STORAGE_KEY)).toBe("dark");
    expect(readStoredTheme(storage)).toBe("dark");
  });
  it("ignores garbage and broken storage", () => {
    expect(readStoredTheme(memoryStorage({ [THEME_STORAGE_KEY]: "purple" }))).toBe("light");
    expect(readStoredTheme({ getItem: () => { throw new Error("denied"); } })).toBe("light");
  });
  it("sets data-theme on the root element", () => {
    const el = document.createElement("html");
    applyTheme("dark", el);
    expect(el.dataset.theme).toBe("dark");
  });
});

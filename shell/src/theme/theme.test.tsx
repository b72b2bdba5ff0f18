import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { THEME_STORAGE_KEY, applyTheme, readStoredTheme, storeTheme, systemTheme } from "./theme";
import { ThemeToggle } from "./theme-toggle";

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v), data };
}

afterEach(() => {
  cleanup();
  localStorage.clear();
  delete document.documentElement.dataset.theme;
});

describe("theme", () => {
  it("has no stored choice at first, and ignores garbage and broken storage", () => {
    expect(readStoredTheme(memoryStorage())).toBeNull();
    expect(readStoredTheme(memoryStorage({ [THEME_STORAGE_KEY]: "purple" }))).toBeNull();
    expect(
      readStoredTheme({
        getItem: () => {
          throw new Error("denied");
        },
      }),
    ).toBeNull();
  });
  it("remembers the visitor's choice", () => {
    const storage = memoryStorage();
    storeTheme("dark", storage);
    expect(storage.data.get(THEME_STORAGE_KEY)).toBe("dark");
    expect(readStoredTheme(storage)).toBe("dark");
    storeTheme("light", storage);
    expect(readStoredTheme(storage)).toBe("light");
  });
  it("follows the system's preference, light when it says nothing", () => {
    expect(systemTheme((q) => ({ matches: q === "(prefers-color-scheme: dark)" }))).toBe("dark");
    expect(systemTheme(() => ({ matches: false }))).toBe("light");
    expect(systemTheme(undefined)).toBe("light");
  });
  it("sets data-theme on the root element", () => {
    const el = document.createElement("html");
    applyTheme("dark", el);
    expect(el.dataset.theme).toBe("dark");
  });
});

describe("ThemeToggle", () => {
  it("is named after the theme it switches to, and remembers the choice", async () => {
    applyTheme("light");
    render(<ThemeToggle />);
    fireEvent.click(screen.getByRole("button", { name: "Dark theme" }));
    expect(document.documentElement.dataset.theme).toBe("dark");
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe("dark");
    fireEvent.click(await screen.findByRole("button", { name: "Light theme" }));
    expect(document.documentElement.dataset.theme).toBe("light");
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe("light");
  });
});

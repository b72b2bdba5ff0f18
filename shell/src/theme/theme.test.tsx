import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { FORMER_THEME_STORAGE_KEY, THEME_STORAGE_KEY, applyTheme, readStoredTheme, storeTheme, systemTheme } from "./theme";
import { ThemeToggle } from "./theme-toggle";

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  delete document.documentElement.dataset.theme;
});

describe("theme", () => {
  it("has no stored choice at first, and ignores garbage and broken storage", () => {
    expect(readStoredTheme()).toBeNull();
    localStorage.setItem(THEME_STORAGE_KEY, JSON.stringify("purple"));
    expect(readStoredTheme()).toBeNull();
    vi.spyOn(Storage.prototype, "getItem").mockImplementation(() => {
      throw new Error("denied");
    });
    expect(readStoredTheme()).toBeNull();
  });
  it("remembers the visitor's choice", () => {
    storeTheme("dark");
    expect(readStoredTheme()).toBe("dark");
    storeTheme("light");
    expect(readStoredTheme()).toBe("light");
  });
  it("keeps a choice made before the theme moved to its current key", () => {
    localStorage.setItem(FORMER_THEME_STORAGE_KEY, "dark");
    expect(readStoredTheme()).toBe("dark");
    expect(localStorage.getItem(FORMER_THEME_STORAGE_KEY)).toBeNull();
    expect(readStoredTheme()).toBe("dark");
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
    expect(readStoredTheme()).toBe("dark");
    fireEvent.click(await screen.findByRole("button", { name: "Light theme" }));
    expect(document.documentElement.dataset.theme).toBe("light");
    expect(readStoredTheme()).toBe("light");
  });
});

describe("the theme script in index.html, run before first paint", () => {
  const html = readFileSync(join(dirname(fileURLToPath(import.meta.url)), "..", "..", "index.html"), "utf8");
  const script = /<script>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? "";
  function themeBeforePaint(systemDark = false): string | undefined {
    vi.stubGlobal("matchMedia", (query: string) => ({ matches: systemDark && query === "(prefers-color-scheme: dark)" }));
    delete document.documentElement.dataset.theme;
    new Function(script)();
    return document.documentElement.dataset.theme;
  }

  it("applies the choice the app stored, the one earlier versions stored, else the system's", () => {
    expect(script).toContain("localStorage");
    storeTheme("dark");
    expect(themeBeforePaint()).toBe("dark");
    localStorage.clear();
    localStorage.setItem(FORMER_THEME_STORAGE_KEY, "dark");
    expect(themeBeforePaint()).toBe("dark");
    localStorage.clear();
    expect(themeBeforePaint(true)).toBe("dark");
    expect(themeBeforePaint(false)).toBe("light");
  });
});

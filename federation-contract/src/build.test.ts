import { describe, expect, it } from "vitest";
import { join } from "node:path";
import { expandStars, secondEntryScopes, sharedImportsOf } from "./build";

const shared = ["react", "shared-content"];
const record = (code: string, file = "page.tsx") => Object.fromEntries([...sharedImportsOf(code, file, shared)].map(([k, v]) => [k, [...v].sort()]));

describe("sharedImportsOf", () => {
  it("records named, aliased and default imports by their exported name", () => {
    const code = `import React, { useState, lazy as later } from "react";\nimport { useBlogIndex } from "shared-content";\nexport const x = <div />;`;
    expect(record(code)).toEqual({ react: ["default", "lazy", "useState"], "shared-content": ["useBlogIndex"] });
  });

  it("leaves out type-only imports and modules that are not shared", () => {
    const code = `import type { Post } from "shared-content";\nimport { type Film, useFilms } from "shared-content";\nimport { marked } from "marked";`;
    expect(record(code, "a.ts")).toEqual({ "shared-content": ["useFilms"] });
  });

  it("records re-exports, and namespace and dynamic imports as '*'", () => {
    const code = `export { usePageMeta } from "shared-content";\nimport * as R from "react";\nconst m = () => import("shared-content");`;
    expect(record(code, "a.ts")).toEqual({ react: ["*"], "shared-content": ["*", "usePageMeta"] });
  });
});

describe("what a remote's build records", () => {
  it("expands a `*` to every name the module exported at build time, and keeps it when they are unknown", () => {
    const names = sharedImportsOf(
      'export * from "shared-content";\nimport { useAbout } from "shared-content";\nimport * as r from "shared-router";',
      "admin/index.ts",
      [...shared, "shared-router"],
    );
    const expanded = expandStars(names, (module) => (module === "shared-content" ? ["LIMITS", "useAbout"] : undefined));
    expect([...(expanded.get("shared-content") ?? [])].sort()).toEqual(["LIMITS", "useAbout"]);
    expect([...(expanded.get("shared-router") ?? [])]).toEqual(["*"]);
  });

  it("scopes a package's second entries: a folder for an index file, else the file", () => {
    const scopes = secondEntryScopes(join(import.meta.dirname, "../../shared-content"));
    expect(scopes).toContain(join(import.meta.dirname, "../../shared-content/src/admin/"));
    expect(scopes).toContain(join(import.meta.dirname, "../../shared-content/src/post-preview.ts"));
    expect(scopes.some((s) => s.endsWith("src/index.ts"))).toBe(false);
  });
});

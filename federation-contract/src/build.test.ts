import { describe, expect, it } from "vitest";
import { sharedImportsOf } from "./build";

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

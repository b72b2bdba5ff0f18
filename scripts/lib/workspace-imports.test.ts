import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { packageOf, undeclaredWorkspaceImports } from "./workspace-imports";
import { repoRoot } from "dev-tools/stack-config";

describe("workspace imports", () => {
  it("every workspace declares the workspaces it imports (the renderer's documented bundle excepted)", () => {
    expect(undeclaredWorkspaceImports(repoRoot)).toEqual([]);
  });

  it("names the package of a specifier", () => {
    expect(packageOf("shared-content/site-urls")).toBe("shared-content");
    expect(packageOf("@playwright/test/reporter")).toBe("@playwright/test");
    expect(packageOf("./local-stack.ts")).toBeNull();
    expect(packageOf("node:fs")).toBeNull();
  });

  describe("on a repository with an undeclared import", () => {
    let root = "";
    afterAll(() => rm(root, { recursive: true, force: true }));

    it("reports it, and nothing declared, relative or of the renderer's bundle", async () => {
      root = await mkdtemp(join(tmpdir(), "workspace-imports-"));
      const write = async (path: string, text: string) => {
        await mkdir(join(root, path, ".."), { recursive: true });
        await writeFile(join(root, path), text);
      };
      const pkg = (name: string, devDependencies: Record<string, string> = {}) => JSON.stringify({ name, devDependencies });
      await write("package.json", JSON.stringify({ workspaces: ["dev-tools", "app", "renderer"] }));
      await write("dev-tools/package.json", pkg("dev-tools"));
      await write("dev-tools/src/index.ts", 'export const tool = 1;\nimport { x } from "./x";\n');
      await write("app/package.json", pkg("app", { "dev-tools": "*" }));
      await write("app/src/ok.ts", 'import { tool } from "dev-tools";\nimport "node:fs";\nimport "vitest";\n');
      await write("app/src/node_modules/skipped.ts", 'import "renderer";\n');
      await write("renderer/package.json", pkg("renderer"));
      await write("renderer/bundled-workspaces.ts", 'export const BUNDLED_WORKSPACES = ["app"] as const;\n');
      await write("renderer/src/handler.ts", 'import { tool } from "app/server";\n');
      await write("renderer/tests/server.test.ts", 'import { tool } from "dev-tools";\n');
      await write("renderer/src/planted.ts", 'const later = () => import("dev-tools");\n');
      await write("dev-tools/src/planted.ts", 'export type App = typeof import("app");\n');

      expect(undeclaredWorkspaceImports(root)).toEqual([
        { file: join("dev-tools", "src", "planted.ts"), workspace: "dev-tools", imported: "app" },
        { file: join("renderer", "src", "planted.ts"), workspace: "renderer", imported: "dev-tools" },
      ]);
    });
  });
});

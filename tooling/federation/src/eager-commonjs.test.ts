import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { build, parseAst, type Rolldown } from "vite";
import { eagerCommonJs, eagerWrappers } from "./eager-commonjs.ts";

const rewrite = (code: string) => eagerWrappers(code, parseAst(code))?.toString() ?? null;

describe("eagerWrappers", () => {
  it("writes a module wrapper as a parenthesised function expression", () => {
    const code = `import { t as __commonJSMin } from "./rolldown-runtime-!~{001}~.js";\nvar require_a = __commonJSMin(((exports, module) => {\n\tmodule.exports = 1;\n}));`;
    expect(rewrite(code)).toBe(
      `import { t as __commonJSMin } from "./rolldown-runtime-!~{001}~.js";\nvar require_a = __commonJSMin(((function(exports, module){\n\tmodule.exports = 1;\n})));`,
    );
  });

  it("rewrites a lazily required ES module's wrapper, with no parameters", () => {
    expect(rewrite(`var init_b = __esmMin(() => { b = 2; });`)).toBe(`var init_b = __esmMin((function(){ b = 2; }));`);
  });

  it("leaves a wrapper that reads this or arguments as it is, but not one whose own functions do", () => {
    expect(rewrite(`var a = __commonJSMin((exports) => { exports.self = this; });`)).toBeNull();
    expect(rewrite(`var a = __commonJSMin((exports) => { exports.n = arguments.length; });`)).toBeNull();
    expect(rewrite(`var a = __commonJSMin((exports) => { exports.f = function () { return arguments; }; });`)).toContain("(function(exports){");
  });

  it("leaves other calls' arrow functions, and expression-bodied or async wrappers, alone", () => {
    expect(rewrite(`list.map((item) => { return item; }); __commonJSMin((e) => e); __esmMin(async () => { await x; });`)).toBeNull();
  });
});

describe("eagerCommonJs in a build", () => {
  let dir: string;
  let output: Rolldown.OutputChunk;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "eager-commonjs-"));
    await writeFile(join(dir, "b.cjs"), "module.exports = { value: 41 };\n");
    await writeFile(join(dir, "a.cjs"), 'exports.value = require("./b.cjs").value + 1;\n');
    await writeFile(join(dir, "main.js"), 'import a from "./a.cjs";\nexport const value = a.value;\n');
    const result = (await build({
      configFile: false,
      logLevel: "silent",
      root: dir,
      plugins: [eagerCommonJs()],
      build: { write: false, minify: true, rolldownOptions: { input: join(dir, "main.js"), preserveEntrySignatures: "strict", output: { format: "es" } } },
    })) as Rolldown.RolldownOutput;
    output = result.output.find((file): file is Rolldown.OutputChunk => file.type === "chunk" && file.isEntry)!;
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it("keeps each CommonJS module's wrapper a parenthesised function through minification", () => {
    expect(output.code.match(/\(\(function\(/g)).toHaveLength(2);
    expect(output.code).not.toMatch(/\(\(\(?[\w$,]*\)?=>\{/);
  });

  it("still runs the modules", async () => {
    const file = join(dir, "out.mjs");
    await writeFile(file, output.code);
    expect((await import(pathToFileURL(file).href)).value).toBe(42);
  });
});

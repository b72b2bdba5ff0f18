// Every page's libraries include CommonJS modules (react, react-dom, scheduler, use-sync-external-
// store). Rolldown wraps each in an arrow function that its runtime calls the first time the module
// is required, which for these is at start-up. V8 compiles an arrow function lazily: calling the
// wrapper parsed and compiled the whole module (react-dom: about 200 KB) on the main thread, inside
// the task that evaluated the chunk, 25-40 ms on a desktop-class host and so a blocking task on a
// phone (Lighthouse's mobile preset multiplies each task by 4; docs/rendering.md). A parenthesised
// `function` expression is what V8 takes for a function about to be called: it compiles it with
// the rest of the script, off the main thread while the file streams in. This plugin rewrites
// each wrapper so; the functions inside it stay lazy.
import MagicString from "magic-string";
import type { Plugin, Rolldown } from "vite";

type Node = { type: string; start: number; end: number; [key: string]: unknown };
type Program = ReturnType<Rolldown.PluginContext["parse"]>;

/**
 * Rolldown's runtime helpers that take a module's code as a function and call it once, when the
 * module is first required: CommonJS modules, and ES modules required lazily. Their names as
 * `renderChunk` sees them, before minification; a test builds a CommonJS module to hold them.
 */
const WRAPPER_HELPERS = new Set(["__commonJSMin", "__commonJS", "__esmMin", "__esm"]);

const isNode = (value: unknown): value is Node => typeof value === "object" && value !== null && typeof (value as Node).type === "string";

/** Every node under `node`, depth first, without entering the nodes `skip` refuses. */
function* walk(node: Node, skip: (node: Node) => boolean = () => false): Generator<Node> {
  yield node;
  for (const [key, value] of Object.entries(node)) {
    if (key === "type" || key === "start" || key === "end") continue;
    for (const child of Array.isArray(value) ? value : [value]) if (isNode(child) && !skip(child)) yield* walk(child, skip);
  }
}

/** An arrow function becomes a `function` only if nothing in it (but its own functions) reads `this` or `arguments`. */
function behavesTheSameAsFunction(arrow: Node): boolean {
  const ownFunctions = (node: Node) => node.type === "FunctionDeclaration" || node.type === "FunctionExpression";
  for (const node of walk(arrow.body as Node, ownFunctions)) {
    if (node.type === "ThisExpression" || node.type === "Super" || node.type === "MetaProperty") return false;
    if (node.type === "Identifier" && node.name === "arguments") return false;
  }
  return true;
}

/**
 * `code` with every arrow function passed to one of the runtime's helpers (a module wrapper)
 * written as a parenthesised `function` expression, or null when there is none.
 */
export function eagerWrappers(code: string, program: Program): MagicString | null {
  const edited = new MagicString(code);
  for (const node of walk(program as unknown as Node)) {
    if (node.type !== "CallExpression") continue;
    const callee = node.callee as Node;
    if (callee.type !== "Identifier" || !WRAPPER_HELPERS.has(String(callee.name))) continue;
    let [argument] = node.arguments as Node[];
    while (argument?.type === "ParenthesizedExpression") argument = argument.expression as Node;
    if (argument?.type !== "ArrowFunctionExpression" || argument.expression || argument.async || !behavesTheSameAsFunction(argument)) continue;
    const params = argument.params as Node[];
    const paramsText = params.length ? code.slice(params[0]!.start, params.at(-1)!.end) : "";
    const body = argument.body as Node;
    edited.overwrite(argument.start, body.start, `(function(${paramsText})`).appendLeft(body.end, ")");
  }
  return edited.hasChanged() ? edited : null;
}

/** The build plugin: every JavaScript chunk's module wrappers compiled with the chunk (above). */
export function eagerCommonJs(): Plugin {
  return {
    name: "federation-kit:eager-commonjs",
    apply: "build",
    renderChunk(code) {
      if (![...WRAPPER_HELPERS].some((helper) => code.includes(helper))) return null;
      const rewritten = eagerWrappers(code, this.parse(code));
      return rewritten === null ? null : { code: rewritten.toString(), map: rewritten.generateMap({ hires: true }) };
    },
  };
}

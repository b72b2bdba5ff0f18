// Evaluates a request against the parsed rules, as Firebase does: every match block whose path
// matches the whole object path contributes its allow statements for the request's method, and
// the request is allowed when any of their conditions is true. An error while evaluating (a field
// of null, a missing key, a wrong type) makes that condition false, never true; && and ||
// short-circuit, so `request.auth != null && request.auth.token.admin == true` is false for a
// visitor.
import type { Expr, FunctionDecl, MatchBlock, Method, Ruleset } from "./ast.js";

export type Value = null | boolean | number | string | Value[] | { [key: string]: Value };

export interface RulesRequest {
  /** The path Firebase evaluates: ["b", bucket, "o", ...object name segments]. */
  path: string[];
  method: Method;
  /** `request.auth`: null for a visitor. */
  auth: { uid: string; token: Record<string, unknown> } | null;
  /** `request.resource`: the object as it would be after a create or update, else null. */
  requestResource: Record<string, unknown> | null;
  /** `resource`: the object as stored, or null. */
  resource: Record<string, unknown> | null;
}

export interface Decision {
  allowed: boolean;
  /** The line of the allow statement that granted it, or why nothing did. */
  reason: string;
}

class EvalError extends Error {}

const MAX_CALL_DEPTH = 20;

export function evaluate(rules: Ruleset, request: RulesRequest): Decision {
  const root: Record<string, Value> = {
    request: { auth: toValue(request.auth), resource: toValue(request.requestResource) },
    resource: toValue(request.resource),
  };
  // As in Firebase: listing needs version 2 rules, whatever they say.
  if (rules.version === 1 && request.method === "list") return { allowed: false, reason: "listing needs rules_version = '2'" };
  const functions = new Map(rules.functions.map((f) => [f.name, f]));
  const considered: string[] = [];
  for (const block of rules.matches) {
    const line = visit(block, request.path, root, functions, { method: request.method, version: rules.version }, considered);
    if (line !== null) return { allowed: true, reason: `allowed by line ${line}` };
  }
  return {
    allowed: false,
    reason:
      considered.length > 0
        ? `no allow statement for ${request.method} was true (${considered.join("; ")})`
        : `no allow statement for ${request.method} matches this path`,
  };
}

/**
 * Returns the line of an allow that grants the request below `block`, or null; `considered` collects
 * the lines whose condition was false or failed (with the error), to say why.
 */
function visit(
  block: MatchBlock,
  path: string[],
  variables: Record<string, Value>,
  outerFunctions: Map<string, FunctionDecl>,
  request: { method: Method; version: Ruleset["version"] },
  considered: string[],
): number | null {
  const { method } = request;
  const bound = matchPrefix(block, path, request.version);
  if (!bound) return null;
  const scope = { ...variables, ...bound.variables };
  const functions = new Map(outerFunctions);
  for (const f of block.functions) functions.set(f.name, f);
  if (bound.rest.length === 0) {
    for (const allow of block.allows) {
      if (!allow.methods.includes(method)) continue;
      if (allow.condition === null) return allow.line;
      try {
        if (evalExpr(allow.condition, scope, functions, 0) === true) return allow.line;
        considered.push(`line ${allow.line}`);
      } catch (error) {
        if (!(error instanceof EvalError)) throw error;
        considered.push(`line ${allow.line}: ${error.message}`);
      }
    }
  }
  for (const child of block.matches) {
    const line = visit(child, bound.rest, scope, functions, request, considered);
    if (line !== null) return line;
  }
  return null;
}

/** Matches the block's path against the start of `path`: the wildcards bound and the segments left. */
function matchPrefix(block: MatchBlock, path: string[], version: Ruleset["version"]): { variables: Record<string, Value>; rest: string[] } | null {
  const variables: Record<string, Value> = {};
  let i = 0;
  for (const segment of block.path) {
    if (segment.kind === "rest") {
      // {name=**} binds the path the segments form: zero or more of them in version 2, one or more in version 1.
      if (version === 1 && i >= path.length) return null;
      variables[segment.name] = path.slice(i).join("/");
      return { variables, rest: [] };
    }
    const part = path[i];
    if (part === undefined) return null;
    if (segment.kind === "literal" && segment.value !== part) return null;
    if (segment.kind === "single") variables[segment.name] = part;
    i += 1;
  }
  return { variables, rest: path.slice(i) };
}

function evalExpr(expr: Expr, scope: Record<string, Value>, functions: Map<string, FunctionDecl>, depth: number): Value {
  const ev = (e: Expr) => evalExpr(e, scope, functions, depth);
  switch (expr.kind) {
    case "literal":
      return expr.value;
    case "list":
      return expr.items.map(ev);
    case "ident": {
      if (!(expr.name in scope)) throw new EvalError(`${expr.name} is not defined`);
      return scope[expr.name]!;
    }
    case "member": {
      const object = ev(expr.object);
      return field(object, expr.property);
    }
    case "index": {
      const object = ev(expr.object);
      const index = ev(expr.index);
      if (Array.isArray(object)) {
        if (typeof index !== "number" || !Number.isInteger(index) || index < 0 || index >= object.length)
          throw new EvalError(`list index ${String(index)} out of range`);
        return object[index]!;
      }
      if (typeof index !== "string") throw new EvalError("a map key must be a string");
      return field(object, index);
    }
    case "call": {
      const fn = functions.get(expr.name);
      if (!fn) throw new EvalError(`${expr.name}() is not visible here`);
      if (depth >= MAX_CALL_DEPTH) throw new EvalError(`function calls nested more than ${MAX_CALL_DEPTH} deep`);
      const args = expr.args.map(ev);
      const inner: Record<string, Value> = { ...scope };
      fn.params.forEach((p, i) => (inner[p] = args[i]!));
      return evalExpr(fn.body, inner, functions, depth + 1);
    }
    case "method": {
      const object = ev(expr.object);
      if (expr.name === "size") {
        if (typeof object === "string" || Array.isArray(object)) return object.length;
        if (isMap(object)) return Object.keys(object).length;
        throw new EvalError("size() needs a string, list or map");
      }
      const pattern = ev(expr.args[0]!);
      if (typeof object !== "string" || typeof pattern !== "string") throw new EvalError("matches() needs a string and a string pattern");
      return fullMatch(pattern).test(object);
    }
    case "unary": {
      const value = ev(expr.operand);
      if (expr.op === "!") {
        if (typeof value !== "boolean") throw new EvalError("! needs a boolean");
        return !value;
      }
      if (typeof value !== "number") throw new EvalError("- needs a number");
      return -value;
    }
    case "binary":
      return binary(expr, ev);
  }
}

function binary(expr: Extract<Expr, { kind: "binary" }>, ev: (e: Expr) => Value): Value {
  if (expr.op === "&&" || expr.op === "||") {
    const left = ev(expr.left);
    if (typeof left !== "boolean") throw new EvalError(`${expr.op} needs booleans`);
    if (expr.op === "&&" ? !left : left) return left;
    const right = ev(expr.right);
    if (typeof right !== "boolean") throw new EvalError(`${expr.op} needs booleans`);
    return right;
  }
  const left = ev(expr.left);
  const right = ev(expr.right);
  switch (expr.op) {
    case "==":
      return equal(left, right);
    case "!=":
      return !equal(left, right);
    case "in":
      if (Array.isArray(right)) return right.some((item) => equal(item, left));
      if (isMap(right) && typeof left === "string") return Object.hasOwn(right, left);
      throw new EvalError("in needs a list, or a string key and a map");
    case "<":
    case "<=":
    case ">":
    case ">=": {
      if (!((typeof left === "number" && typeof right === "number") || (typeof left === "string" && typeof right === "string")))
        throw new EvalError(`${expr.op} compares two numbers or two strings`);
      return expr.op === "<" ? left < right : expr.op === "<=" ? left <= right : expr.op === ">" ? left > right : left >= right;
    }
    case "+":
      if (typeof left === "number" && typeof right === "number") return left + right;
      if (typeof left === "string" && typeof right === "string") return left + right;
      throw new EvalError("+ adds two numbers or joins two strings");
    default: {
      if (typeof left !== "number" || typeof right !== "number") throw new EvalError(`${expr.op} needs numbers`);
      if ((expr.op === "/" || expr.op === "%") && right === 0) throw new EvalError("division by zero");
      return expr.op === "-" ? left - right : expr.op === "*" ? left * right : expr.op === "/" ? left / right : left % right;
    }
  }
}

function field(object: Value, key: string): Value {
  if (!isMap(object)) throw new EvalError(`cannot read ${key} of ${object === null ? "null" : typeof object}`);
  if (!Object.hasOwn(object, key)) throw new EvalError(`no field ${key}`);
  return object[key]!;
}

const isMap = (v: Value): v is { [key: string]: Value } => typeof v === "object" && v !== null && !Array.isArray(v);

function equal(a: Value, b: Value): boolean {
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, i) => equal(item, b[i]!));
  if (isMap(a) && isMap(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((k) => Object.hasOwn(b, k) && equal(a[k]!, b[k]!));
  }
  return a === b;
}

const patterns = new Map<string, RegExp>();
/** matches() is true when the whole string matches (RE2 syntax; JavaScript's engine runs it). */
function fullMatch(pattern: string): RegExp {
  let re = patterns.get(pattern);
  if (!re) {
    try {
      re = new RegExp(`^(?:${pattern})$`, "u");
    } catch {
      throw new EvalError(`invalid regular expression ${JSON.stringify(pattern)}`);
    }
    patterns.set(pattern, re);
  }
  return re;
}

/** JSON-like data as rules values (undefined fields dropped, non-finite numbers as null). */
function toValue(data: unknown): Value {
  if (data === null || data === undefined) return null;
  if (typeof data === "boolean" || typeof data === "string") return data;
  if (typeof data === "number") return Number.isFinite(data) ? data : null;
  if (Array.isArray(data)) return data.map(toValue);
  if (typeof data === "object") {
    const out: { [key: string]: Value } = {};
    for (const [k, v] of Object.entries(data as Record<string, unknown>)) if (v !== undefined) out[k] = toValue(v);
    return out;
  }
  return null;
}

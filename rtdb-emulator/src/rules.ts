// Security rules through targaryen. The parsed rule set is shared; the targaryen database
// object (its copy of the data) is cached per namespace and kept in step with writes,
// because rebuilding it costs milliseconds on a large tree. Multi-path updates are merged and
// checked here, path by path (targaryen's own update is quadratic in the number of paths).
import targaryen, { type TargaryenDatabase } from "targaryen";
import type { Steps } from "./steps.js";
import { mergeIntoDataNode } from "./targaryen-keys.js";
import type { Json } from "./tree.js";
import type { QuerySpec } from "./order.js";

/** Paths of an update checked between two chances for other clients to be served. */
export const UPDATE_PATHS_PER_STEP = 500;

export interface AuthContext {
  uid: string;
  provider: string;
  token: Record<string, unknown>;
}

export const OPEN_RULES_TEXT = '{\n  "rules": {\n    ".read": true,\n    ".write": true\n  }\n}\n';

/** Removes // and /* *\/ comments outside strings (database.rules.json allows them). */
export function stripJsonComments(text: string): string {
  let out = "";
  let i = 0;
  let inString = false;
  while (i < text.length) {
    const c = text[i]!;
    if (inString) {
      out += c;
      if (c === "\\" && i + 1 < text.length) {
        out += text[i + 1];
        i += 2;
        continue;
      }
      if (c === '"') inString = false;
      i++;
      continue;
    }
    if (c === '"') {
      inString = true;
      out += c;
      i++;
    } else if (c === "/" && text[i + 1] === "/") {
      while (i < text.length && text[i] !== "\n") i++;
    } else if (c === "/" && text[i + 1] === "*") {
      const end = text.indexOf("*/", i + 2);
      i = end === -1 ? text.length : end + 2;
    } else {
      out += c;
      i++;
    }
  }
  return out;
}

export interface CompiledRules {
  text: string;
  json: { rules: Record<string, unknown> };
  ruleset: unknown;
  /** True for `{".read": true, ".write": true}` and nothing else: checks can be skipped. */
  open: boolean;
}

/** Parses and compiles a rules file; throws an Error with a readable message when invalid. */
export function compileRules(text: string): CompiledRules {
  let json: unknown;
  try {
    json = JSON.parse(stripJsonComments(text));
  } catch (err) {
    throw new Error(`Rules are not valid JSON: ${(err as Error).message}`, { cause: err });
  }
  if (typeof json !== "object" || json === null || typeof (json as { rules?: unknown }).rules !== "object" || (json as { rules?: unknown }).rules === null) {
    throw new Error('Rules must be an object with a "rules" property');
  }
  let ruleset: unknown;
  try {
    ruleset = targaryen.ruleset(json);
  } catch (err) {
    throw new Error(`Rules do not compile: ${(err as Error).message}`, { cause: err });
  }
  const rules = (json as { rules: Record<string, unknown> }).rules;
  const keys = Object.keys(rules);
  const open = keys.length === 2 && rules[".read"] === true && rules[".write"] === true;
  return { text, json: json as CompiledRules["json"], ruleset, open };
}

export interface RuleCheck {
  allowed: boolean;
  /** targaryen's explanation (built only when asked: it prints the whole written value). */
  info: () => string;
}

export type WriteCheck = RuleCheck & { newDatabase?: TargaryenDatabase };

interface TargaryenRuleset {
  tryWrite(path: string, data: TargaryenDatabase, newData: TargaryenDatabase, newValue: unknown): { allowed: boolean; info: string };
}

const ALLOWED: WriteCheck = { allowed: true, info: () => "" };

/** Read decisions remembered per kind, at most this many each (then forgotten all at once). */
const MAX_DECISIONS = 20_000;

/**
 * What a read's decision depends on besides the path, the query and the auth: nothing, the data
 * (`root`, `data`), or the clock (`now`, never remembered). Judged from the text of the `.read`
 * rules on the path, where the database looks for them; a word in a string only remembers less.
 */
type Dependence = "rules" | "data" | "clock";

function readDependence(rules: Record<string, unknown>, path: string): Dependence {
  // Every rules node that may apply at each depth: a key's own rules and its `$wildcard` sibling's.
  let nodes: Record<string, unknown>[] = [rules];
  let dependence: Dependence = "rules";
  for (const segment of [null, ...path.split("/").filter(Boolean)]) {
    if (segment !== null) nodes = nodes.flatMap((node) => childRules(node, segment));
    for (const node of nodes) {
      const read = Object.hasOwn(node, ".read") ? node[".read"] : undefined;
      if (typeof read !== "string") continue;
      if (/\bnow\b/.test(read)) return "clock";
      if (/\b(root|data)\b/.test(read)) dependence = "data";
    }
  }
  return dependence;
}

function childRules(node: Record<string, unknown>, segment: string): Record<string, unknown>[] {
  const keys = Object.keys(node).filter((k) => k === segment || k.startsWith("$"));
  return keys.map((k) => node[k]).filter((child): child is Record<string, unknown> => child !== null && typeof child === "object");
}

/** Per-namespace rules evaluator with a cached targaryen database. */
export class RulesEvaluator {
  private db: TargaryenDatabase | null = null;
  /**
   * Read decisions (targaryen takes tenths of a millisecond per read): those that depend only on
   * the rules until the rules change, those that read the data until the data changes too.
   */
  private readonly byRules = new Map<string, boolean>();
  private readonly byData = new Map<string, boolean>();
  private readonly dependence = new Map<string, Dependence>();

  constructor(
    private rules: CompiledRules,
    private readonly getData: () => Json,
  ) {}

  get compiled(): CompiledRules {
    return this.rules;
  }

  setRules(rules: CompiledRules): void {
    this.rules = rules;
    this.db = null;
    this.byRules.clear();
    this.byData.clear();
    this.dependence.clear();
  }

  get open(): boolean {
    return this.rules.open;
  }

  /** The data changed by a path not seen through `adopt`: rebuild on the next check. */
  invalidate(): void {
    this.db = null;
    this.byData.clear();
  }

  private base(now: number): TargaryenDatabase {
    if (!this.db) this.db = targaryen.database(this.rules.ruleset, this.getData(), now);
    return this.db;
  }

  private as(auth: AuthContext | null, now: number): TargaryenDatabase {
    // The cached base database is always unauthenticated; with({auth: null}) keeps that.
    return this.base(now).with({ auth: auth ?? null, now });
  }

  read(path: string, auth: AuthContext | null, query?: QuerySpec): RuleCheck {
    if (this.rules.open) return ALLOWED;
    let dependence = this.dependence.get(path);
    if (dependence === undefined) {
      dependence = readDependence(this.rules.json.rules, path);
      if (this.dependence.size >= MAX_DECISIONS) this.dependence.clear();
      this.dependence.set(path, dependence);
    }
    if (dependence === "clock") return this.evaluateRead(path, auth, query);
    const decisions = dependence === "rules" ? this.byRules : this.byData;
    // The auth as the rules see it (uid, provider and every claim of the token).
    const key = `${path}\n${query ? JSON.stringify(query) : ""}\n${auth ? JSON.stringify(auth) : ""}`;
    const known = decisions.get(key);
    if (known !== undefined) return { allowed: known, info: () => this.evaluateRead(path, auth, query).info() };
    const check = this.evaluateRead(path, auth, query);
    if (decisions.size >= MAX_DECISIONS) decisions.clear();
    decisions.set(key, check.allowed);
    return check;
  }

  private evaluateRead(path: string, auth: AuthContext | null, query?: QuerySpec): RuleCheck {
    const now = Date.now();
    try {
      const r = this.as(auth, now).read(path, { now, query: query ? toTargaryenQuery(query) : undefined });
      return { allowed: r.allowed, info: () => r.info };
    } catch (err) {
      // targaryen throws on query values it cannot represent: deny rather than fail.
      return refused(err);
    }
  }

  write(path: string, value: Json, auth: AuthContext | null, now: number): WriteCheck {
    if (this.rules.open) return ALLOWED;
    try {
      const r = this.as(auth, now).write(path, value, { now });
      return { allowed: r.allowed, info: () => r.info, newDatabase: r.newDatabase };
    } catch (err) {
      return refused(err);
    }
  }

  /**
   * A multi-path update (`patch` relative to `path`): builds the data after the update once
   * (each changed node copied once), then runs the write and validate rules of each path
   * against it, stopping at the first refusal: all or nothing, in time linear in the update's
   * size. Yields every `UPDATE_PATHS_PER_STEP` paths (see steps.ts).
   */
  *updateSteps(path: string, patch: Record<string, Json>, auth: AuthContext | null, now: number): Steps<WriteCheck> {
    if (this.rules.open) return ALLOWED;
    let before: TargaryenDatabase;
    let after: TargaryenDatabase;
    try {
      before = this.as(auth, now);
      after = before.with({ data: yield* mergeIntoDataNode(before.root, path, patch, now, UPDATE_PATHS_PER_STEP), now });
    } catch (err) {
      return refused(err);
    }
    const ruleset = before.rules as TargaryenRuleset;
    let checked = 0;
    for (const rel of Object.keys(patch)) {
      let r: { allowed: boolean; info: string };
      try {
        r = ruleset.tryWrite(joinPath(path, rel), before, after, patch[rel]);
      } catch (err) {
        return refused(err);
      }
      if (!r.allowed) return { allowed: false, info: () => r.info };
      if (++checked % UPDATE_PATHS_PER_STEP === 0) yield;
    }
    return { allowed: true, info: () => "", newDatabase: after };
  }

  /** After an allowed write was applied, reuse targaryen's own post-write database. */
  adopt(newDatabase: TargaryenDatabase | undefined): void {
    this.byData.clear();
    // Rebuild around targaryen's new data node (cheap: the node is reused as is). Not
    // `with({auth: null})`: targaryen treats a null auth there as "keep the current one".
    this.db = newDatabase ? targaryen.database(this.rules.ruleset, newDatabase.root, newDatabase.timestamp) : null;
  }
}

function refused(err: unknown): WriteCheck {
  return { allowed: false, info: () => (err as Error).message };
}

function joinPath(base: string, rel: string): string {
  return [...base.split("/"), ...rel.split("/")].filter(Boolean).join("/");
}

/** Maps the wire query to targaryen's query object (for `query.*` in rules). */
function toTargaryenQuery(q: QuerySpec): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (q.i === ".key") out["orderByKey"] = true;
  else if (q.i === ".value") out["orderByValue"] = true;
  else if (q.i) out["orderByChild"] = q.i;
  else out["orderByPriority"] = true;
  if ("sp" in q) out["startAt"] = q.sp;
  if ("ep" in q) out["endAt"] = q.ep;
  if ("sp" in q && "ep" in q && q.sp === q.ep && q.sin !== false && q.ein !== false) out["equalTo"] = q.sp;
  if (q.l !== undefined) {
    if (q.vf === "r") out["limitToLast"] = q.l;
    else out["limitToFirst"] = q.l;
  }
  return out;
}

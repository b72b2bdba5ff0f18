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

/** Per-namespace rules evaluator with a cached targaryen database. */
export class RulesEvaluator {
  private db: TargaryenDatabase | null = null;

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
  }

  get open(): boolean {
    return this.rules.open;
  }

  /** The data changed by a path not seen through `adopt`: rebuild on the next check. */
  invalidate(): void {
    this.db = null;
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

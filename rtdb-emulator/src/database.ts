// One namespace: its tree, its listeners, its rules evaluator and its durable store.
import fs from "node:fs";
import { CodedError } from "./errors.js";
import { CompiledQuery, SortedIndexes, type QuerySpec } from "./order.js";
import { hashValue } from "./hash.js";
import { NamespaceStore, type LogEntry, type PersistenceOptions, type RecoveryReport } from "./persistence.js";
import { runSteps, runStepsYielding, type Steps } from "./steps.js";
import { RulesEvaluator, UPDATE_PATHS_PER_STEP, type AuthContext, type CompiledRules } from "./rules.js";
import { emptyNode, getAt, preparePriority, prepareValue, setAt, withPriority, type Json } from "./tree.js";
import { deliver, notifyTouched, touchedListeners, type Listener, type Op } from "./listeners.js";
import { parseUpdatePaths, type PreparedUpdate, type UpdatePath } from "./update-paths.js";

/** Who performs an operation: a signed-in user, an anonymous visitor (null), or the owner (bypasses rules). */
export type Actor = AuthContext | null | "owner";

export interface NamespaceOptions {
  name: string;
  rules: CompiledRules;
  dataDir?: string;
  persistence?: PersistenceOptions;
  maxValueBytes: number;
  log?: (line: string) => void;
}

const DEBUG_RULES = process.env["RTDB_EMULATOR_DEBUG"] === "1";
/** Most values `derive` keeps for one version of the tree. */
const MAX_DERIVED = 256;

export class Namespace {
  private tree: Json = null;
  /** Limited queries' sorted children; valid until the next write, so every change of the tree clears them. */
  private readonly sortedIndexes = new SortedIndexes();
  get root(): Json {
    return this.tree;
  }
  set root(value: Json) {
    this.tree = value;
    this.sortedIndexes.clear();
    this.derived.clear();
  }
  /** Values derived from the tree (REST answers, serialized), kept until it changes: see `derive`. */
  private readonly derived = new Map<string, unknown>();
  readonly name: string;
  readonly listeners = new Set<Listener>();
  readonly rules: RulesEvaluator;
  /** What was replayed from disk, when the namespace already had storage at start-up. */
  readonly recovery: RecoveryReport | null = null;
  /** Rules set for this namespace alone (a rules PUT with `?ns=`); otherwise the server's default. */
  ownRules = false;
  /** Open websocket connections and REST streams on this namespace. */
  clients = 0;
  private store: NamespaceStore | null = null;
  private readonly dataDir: string | undefined;
  private readonly persistence: PersistenceOptions | undefined;
  private readonly maxValueBytes: number;
  private readonly log: (line: string) => void;

  constructor(options: NamespaceOptions) {
    this.name = options.name;
    this.log = options.log ?? (() => {});
    this.maxValueBytes = options.maxValueBytes;
    this.rules = new RulesEvaluator(options.rules, () => this.root);
    this.dataDir = options.dataDir;
    this.persistence = options.persistence;
    // Storage (a folder and an open log) is made on the first write, so a namespace that is
    // only read (any `?ns=` a visitor invents) costs no file handle.
    if (this.dataDir && fs.existsSync(this.dataDir)) {
      const opened = this.openStore();
      this.root = opened.root;
      this.recovery = opened.report;
    }
  }

  private openStore(): { root: Json; report: RecoveryReport } {
    const opened = NamespaceStore.open(this.dataDir!, () => this.root, this.persistence);
    this.store = opened.store;
    return opened;
  }

  /** Holds data, storage, listeners, clients or its own rules: not to be forgotten. */
  get inUse(): boolean {
    return this.root !== null || this.store !== null || this.listeners.size > 0 || this.clients > 0 || this.ownRules;
  }

  private denied(op: string, path: string[], info: () => string): CodedError {
    if (DEBUG_RULES) this.log(`${op} denied at /${path.join("/")} in ${this.name}:\n${info()}`);
    return new CodedError("permission_denied", "Permission denied");
  }

  read(path: string[], actor: Actor, query?: QuerySpec): Json {
    this.checkRead(path, actor, query);
    const value = getAt(this.root, path);
    return query ? this.sortedIndexes.result(path, value, new CompiledQuery(query)) : value;
  }

  /** Throws `permission_denied` when the rules refuse `actor` this read. */
  checkRead(path: string[], actor: Actor, query?: QuerySpec): void {
    if (actor === "owner") return;
    const r = this.rules.read("/" + path.join("/"), actor, query);
    if (!r.allowed) throw this.denied("read", path, r.info);
  }

  /**
   * `compute()`, once per version of the tree: the same `key` gets the same value until the next
   * write, when `keep` accepts it (at most MAX_DERIVED values at once; then all are forgotten).
   * The caller checks the rules itself, for each actor.
   */
  derive<T>(key: string, compute: () => T, keep: (value: T) => boolean = () => true): T {
    if (this.derived.has(key)) return this.derived.get(key) as T;
    const value = compute();
    if (!keep(value)) return value;
    if (this.derived.size >= MAX_DERIVED) this.derived.clear();
    this.derived.set(key, value);
    return value;
  }

  canRead(path: string[], actor: Actor, query?: QuerySpec): boolean {
    if (actor === "owner") return true;
    return this.rules.read("/" + path.join("/"), actor, query).allowed;
  }

  /** Registers a listener and sends it the current data (before the caller acks). */
  listen(listener: Listener, actor: Actor): void {
    if (actor !== "owner") {
      const r = this.rules.read("/" + listener.path.join("/"), actor, listener.querySpec);
      if (!r.allowed) throw this.denied("listen", listener.path, r.info);
    }
    this.listeners.add(listener);
    const value = getAt(this.root, listener.path);
    if (listener.query) {
      const result = this.sortedIndexes.result(listener.path, value, listener.query);
      listener.lastSent = JSON.stringify(result);
      deliver(listener, "d", listener.path, result);
    } else {
      deliver(listener, "d", listener.path, value);
    }
  }

  unlisten(listener: Listener): void {
    this.listeners.delete(listener);
  }

  private checkSize(value: Json): void {
    if (value !== null && typeof value === "object" && JSON.stringify(value).length > this.maxValueBytes) {
      throw new CodedError("too_big", `Value larger than ${this.maxValueBytes} bytes`);
    }
    if (typeof value === "string" && value.length > this.maxValueBytes) {
      throw new CodedError("too_big", `Value larger than ${this.maxValueBytes} bytes`);
    }
  }

  /**
   * A large update whose rules are being checked in steps (see `update`): until it is applied or
   * refused, later writes wait behind it, so writes apply in the order they came and the check
   * sees the data the update will change. Reads go on meanwhile.
   */
  private checking: Promise<void> | null = null;

  /**
   * Sets a value. Validates, checks the transaction hash and the rules, applies, notifies
   * listeners synchronously; the returned promise settles once the write is durable. While a
   * large update is being checked, the write waits for it and its errors reject the promise.
   */
  set(path: string[], raw: unknown, actor: Actor, hash?: string, dryRun = false): Promise<void> {
    if (this.checking && !dryRun) return this.checking.then(() => this.set(path, raw, actor, hash));
    const now = Date.now();
    const existing = getAt(this.root, path);
    // A compare-and-set must not tell someone who may not read the data whether their guess
    // of it is right: the read and write rules answer before the hash does, as in production.
    if (hash !== undefined && !this.canRead(path, actor)) throw this.denied("transaction", path, () => "no read access");
    const value = prepareValue(raw, { now, existing }, path.length);
    this.checkSize(value);
    let newDb;
    if (actor !== "owner" && !this.rules.open) {
      const r = this.rules.write("/" + path.join("/"), value, actor, now);
      if (!r.allowed) throw this.denied("write", path, r.info);
      newDb = r.newDatabase;
    }
    if (hash !== undefined && hashValue(existing) !== hash) {
      throw new CodedError("datastale", "Transaction hash does not match");
    }
    if (dryRun) return Promise.resolve();
    this.apply([{ path, value }], path, false);
    if (newDb) this.rules.adopt(newDb);
    else this.rules.invalidate();
    return this.persist([path, value]);
  }

  /** `setPriority`: a write to `<path>/.priority`, stored as a write of the node with it. */
  setPriority(path: string[], raw: unknown, actor: Actor, hash?: string, dryRun = false): Promise<void> {
    const existing = getAt(this.root, path);
    const priority = preparePriority(raw, { now: Date.now(), existing });
    return this.set(path, withPriority(existing, priority), actor, hash, dryRun);
  }

  /**
   * Multi-path update with paths relative to `path`; all or nothing. One with more paths than
   * the rules check in one step is prepared and checked while other clients are served (the
   * returned promise then carries a refusal too); see `checking`.
   */
  update(path: string[], rawChildren: unknown, actor: Actor, dryRun = false): Promise<void> {
    if (this.checking && !dryRun) return this.checking.then(() => this.update(path, rawChildren, actor));
    const parsed = parseUpdatePaths(path, rawChildren);
    if (parsed.length === 0) return Promise.resolve();
    const steps = this.updateSteps(path, rawChildren as Record<string, unknown>, parsed, actor, Date.now());
    if (dryRun || actor === "owner" || this.rules.open || parsed.length <= UPDATE_PATHS_PER_STEP) {
      const prepared = runSteps(steps);
      return dryRun ? Promise.resolve() : this.applyUpdate(path, prepared);
    }
    const checked = runStepsYielding(steps);
    const applied = checked.then((prepared) => {
      this.checking = null;
      return this.applyUpdate(path, prepared);
    });
    this.checking = checked.then(
      () => {},
      () => {
        this.checking = null;
      },
    );
    return applied;
  }

  /** Resolves the update's values against the current data and checks the rules, in steps. */
  private *updateSteps(path: string[], rawChildren: Record<string, unknown>, parsed: UpdatePath[], actor: Actor, now: number): Steps<PreparedUpdate> {
    const ops: Op[] = [];
    const patch = emptyNode();
    for (const [i, { rel, parts, priority }] of parsed.entries()) {
      const full = [...path, ...parts];
      const existing = getAt(this.root, full);
      const value = priority
        ? withPriority(existing, preparePriority(rawChildren[rel], { now, existing }))
        : prepareValue(rawChildren[rel], { now, existing }, full.length);
      ops.push({ path: full, value });
      patch[parts.join("/")] = value;
      if ((i + 1) % UPDATE_PATHS_PER_STEP === 0) yield;
    }
    this.checkSize(patch);
    if (actor === "owner" || this.rules.open) return { ops, patch, newDb: undefined };
    const r = yield* this.rules.updateSteps("/" + path.join("/"), patch, actor, now);
    if (!r.allowed) throw this.denied("update", path, r.info);
    return { ops, patch, newDb: r.newDatabase };
  }

  private applyUpdate(path: string[], { ops, patch, newDb }: PreparedUpdate): Promise<void> {
    this.apply(ops, path, true);
    if (newDb) this.rules.adopt(newDb);
    else this.rules.invalidate();
    return this.persist([path, patch, "m"]);
  }

  private persist(entry: LogEntry): Promise<void> {
    if (!this.store && this.dataDir) {
      try {
        this.openStore();
      } catch (err) {
        return Promise.reject(err as Error);
      }
    }
    return this.store ? this.store.append(entry) : Promise.resolve();
  }

  /** Applies resolved ops and pushes what changed to every affected listener. */
  private apply(ops: Op[], base: string[], isMerge: boolean): void {
    const affected = touchedListeners(this.listeners, ops, this.root);
    for (const op of ops) this.root = setAt(this.root, op.path, op.value);
    if (affected.length === 0) return;
    notifyTouched(affected, ops, base, isMerge, {
      root: () => this.root,
      queryResult: (l, query) => this.sortedIndexes.result(l.path, getAt(this.root, l.path), query),
    });
  }

  async close(): Promise<void> {
    this.listeners.clear();
    if (this.store) await this.store.close();
  }
}

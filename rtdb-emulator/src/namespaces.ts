// The server's namespaces (one per database: `?ns=` of a connection or REST call), made on
// first use and capped; and which rules each one runs: its own when they were set for it
// alone (as the official emulator does per `?ns=`), otherwise the server's default.
import fs from "node:fs";
import path from "node:path";
import { Namespace } from "./database.js";
import { CodedError } from "./errors.js";
import type { PersistenceOptions, RecoveryReport } from "./persistence.js";
import type { CompiledRules } from "./rules.js";

export const NS_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,99}$/;

export interface NamespacesOptions {
  defaultRules: CompiledRules;
  dataDir: string | undefined;
  persistence: PersistenceOptions;
  maxValueBytes: number;
  /** Most namespaces held at once (default 200); idle empty ones are forgotten to make room. */
  maxNamespaces?: number;
  log: (line: string) => void;
}

export class Namespaces {
  private readonly byName = new Map<string, Namespace>();
  readonly recovery: Record<string, RecoveryReport> = {};
  private defaultRules: CompiledRules;
  private readonly max: number;

  constructor(private readonly options: NamespacesOptions) {
    this.defaultRules = options.defaultRules;
    this.max = options.maxNamespaces ?? 200;
  }

  /** Opens every namespace already on disk, so recovery problems show at start-up. */
  openStored(): void {
    const dir = this.options.dataDir;
    if (!dir) return;
    fs.mkdirSync(dir, { recursive: true });
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory() && NS_PATTERN.test(entry.name)) this.get(entry.name);
    }
  }

  get(name: string): Namespace {
    if (!NS_PATTERN.test(name)) throw new CodedError("invalid_request", `Invalid namespace "${name.slice(0, 100)}"`);
    const known = this.byName.get(name);
    if (known) return known;
    if (this.byName.size >= this.max) this.forgetIdle();
    if (this.byName.size >= this.max) {
      throw new CodedError("unavailable", `Too many namespaces: this server holds at most ${this.max} at once`);
    }
    const { dataDir, persistence, maxValueBytes, log } = this.options;
    const ns = new Namespace({
      name,
      rules: this.defaultRules,
      dataDir: dataDir ? path.join(dataDir, name) : undefined,
      persistence: { ...persistence, onError: (e) => log(`persistence error in ${name}: ${e.message}`) },
      maxValueBytes,
      log,
    });
    this.byName.set(name, ns);
    if (ns.recovery) {
      this.recovery[name] = ns.recovery;
      if (ns.recovery.tornBytes > 0) log(`namespace ${name}: dropped a torn last log line (${ns.recovery.tornBytes} bytes) left by a crash`);
    }
    return ns;
  }

  /** The namespace `name` when it is held now (get() makes it otherwise). */
  existing(name: string): Namespace | undefined {
    return this.byName.get(name);
  }

  /** Namespaces that hold nothing and serve no one are made again, identical, when asked for. */
  private forgetIdle(): void {
    for (const [name, ns] of this.byName) if (!ns.inUse) this.byName.delete(name);
  }

  all(): Namespace[] {
    return [...this.byName.values()];
  }

  rulesText(name: string | undefined): string {
    const ns = name === undefined ? undefined : this.byName.get(name);
    return ns?.ownRules ? ns.rules.compiled.text : this.defaultRules.text;
  }

  /** New default rules: every namespace without rules of its own takes them. */
  setDefaultRules(rules: CompiledRules): Namespace[] {
    this.defaultRules = rules;
    const changed = this.all().filter((ns) => !ns.ownRules);
    for (const ns of changed) ns.rules.setRules(rules);
    return changed;
  }

  /** Rules for one namespace alone (kept when the default rules change). */
  setOwnRules(name: string, rules: CompiledRules): Namespace {
    const ns = this.get(name);
    ns.ownRules = true;
    ns.rules.setRules(rules);
    return ns;
  }

  async closeAll(): Promise<void> {
    for (const ns of this.byName.values()) await ns.close();
  }
}

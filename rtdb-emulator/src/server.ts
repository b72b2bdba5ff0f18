// The server, composed: namespaces (namespaces.ts), HTTP (http-handler.ts: REST, the rules
// endpoint, the terminal error handler), websockets (websocket.ts), REST streams
// (rest-stream.ts), the rules file watcher, and an orderly shutdown.
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { serveInstance, watchRulesFile, type LocalServerInstance } from "local-server-kit";
import type { Namespace } from "./database.js";
import { createHttpHandler } from "./http-handler.js";
import { Namespaces } from "./namespaces.js";
import type { RecoveryReport } from "./persistence.js";
import { answerPlainRequestsFirst } from "./plain-requests.js";
import { plainReadAnswer, plainStream } from "./rest.js";
import { RestStreams } from "./rest-stream.js";
import { compileRules, OPEN_RULES_TEXT } from "./rules.js";
import type { Json } from "./tree.js";
import { attachWebSockets } from "./websocket.js";

export interface RtdbEmulatorOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Path of a database.rules.json (comments allowed). Without it everything is allowed. */
  rules?: string;
  /** Rules as text (used when `rules` is absent). */
  rulesText?: string;
  /** Directory for snapshot + log per namespace. Without it data lives in memory only. */
  dataDir?: string;
  /** A JSON file path, or a value, loaded into `seedNamespace` when that namespace is empty. */
  seed?: string | Json;
  /** Namespace the seed goes to, and the one REST requests without `?ns=` use. */
  defaultNamespace?: string;
  /** fdatasync the log before acknowledging writes (default true). */
  fsync?: boolean;
  /** Log size that triggers a snapshot compaction (default 16 MiB). */
  compactBytes?: number;
  /** Largest accepted message / REST body / value, in bytes (default 16 MiB). */
  maxMessageBytes?: number;
  /** Reload the rules file when it changes (default false; the CLI turns it on). */
  watchRules?: boolean;
  /** Receives log lines (default: silent). */
  log?: (line: string) => void;
  /** Silence after which a REST stream gets a `keep-alive` event (default 30 000 ms). */
  streamKeepAliveMs?: number;
  /** Most namespaces held at once (default 200); idle empty ones are forgotten to make room. */
  maxNamespaces?: number;
}

export interface RtdbEmulatorStats {
  /** Open REST streams (text/event-stream). */
  streams: number;
  /** Registered listeners over every namespace (websocket listens and REST streams). */
  listeners: number;
}

/** A started database server: local-server-kit's instance (address, data folder, ready, close), and its own parts. */
export interface RtdbEmulator extends LocalServerInstance {
  /** What was replayed from disk per namespace (torn last line included). */
  recovery: Record<string, RecoveryReport>;
  /**
   * Replaces the rules of one namespace, or without `namespace` the default rules of every
   * namespace that has none of its own; throws (keeping the old ones) when they do not parse.
   */
  setRules(text: string, namespace?: string): void;
  /** Open streams and listeners (to check that nothing is left behind). */
  stats(): RtdbEmulatorStats;
}

export const DEFAULT_NAMESPACE = "demo-portfolio-default-rtdb";

export async function startRtdbEmulator(options: RtdbEmulatorOptions = {}): Promise<RtdbEmulator> {
  const host = options.host ?? "127.0.0.1";
  const log = options.log ?? (() => {});
  const maxMessageBytes = options.maxMessageBytes ?? 16 * 1024 * 1024;
  const defaultNamespace = options.defaultNamespace ?? DEFAULT_NAMESPACE;
  const dataDir = options.dataDir ? path.resolve(options.dataDir) : undefined;
  const namespaces = new Namespaces({
    defaultRules: compileRules(options.rules ? fs.readFileSync(options.rules, "utf8") : (options.rulesText ?? OPEN_RULES_TEXT)),
    dataDir,
    persistence: { fsync: options.fsync, compactBytes: options.compactBytes },
    maxValueBytes: maxMessageBytes,
    maxNamespaces: options.maxNamespaces,
    log,
  });
  namespaces.openStored();
  if (options.seed !== undefined) await seed(namespaces.get(defaultNamespace), options.seed, log);

  const streams = new RestStreams(options.streamKeepAliveMs ?? 30_000, log);
  let closing = false;
  let port = 0;

  function setRules(text: string, namespace?: string): void {
    const compiled = compileRules(text);
    streams.cancelRefused(namespace === undefined ? namespaces.setDefaultRules(compiled) : [namespaces.setOwnRules(namespace, compiled)]);
  }
  const unwatchRules = options.watchRules && options.rules ? watchRulesFile(options.rules, setRules, log) : () => {};

  const context = { namespaces, defaultNamespace, maxMessageBytes, openStream: streams.start.bind(streams), setRules, log };
  const server = http.createServer(createHttpHandler(context));
  const plainRequests = answerPlainRequestsFirst(server, {
    read: (namespace, rawPath) => plainReadAnswer(context, namespace, rawPath),
    stream: (namespace, rawPath, socket) => plainStream(context, namespace, rawPath, socket),
  });
  const sockets = attachWebSockets(server, { namespaces, defaultNamespace, maxMessageBytes, isClosing: () => closing, address: () => `${host}:${port}`, log });
  // Stopping: no more clients, streams or sockets, then the logs are flushed and compacted.
  const instance = await serveInstance(
    server,
    { host, port: options.port ?? 0, dataDir },
    {
      before: () => {
        closing = true;
        unwatchRules();
        streams.endAll();
        sockets.close();
        plainRequests.closeAll();
      },
      after: () => namespaces.closeAll(),
    },
  );
  port = instance.port;

  return {
    ...instance,
    recovery: namespaces.recovery,
    setRules,
    stats: () => ({ streams: streams.size, listeners: namespaces.all().reduce((n, ns) => n + ns.listeners.size, 0) }),
  };
}

/** Loads the seed (a JSON file or a value) into `ns` when it is empty. */
async function seed(ns: Namespace, source: string | Json, log: (line: string) => void): Promise<void> {
  if (ns.root !== null) return;
  const value: unknown = typeof source === "string" ? JSON.parse(fs.readFileSync(source, "utf8")) : source;
  await ns.set([], value, "owner");
  log(`seeded ${ns.name}`);
}

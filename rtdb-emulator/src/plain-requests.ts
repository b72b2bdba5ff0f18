// Visitors' plain reads and streams, answered on the socket ahead of Node's HTTP server. After an
// edit every open page reads its changed section once (shared-content's change feed), each on a
// connection of its own, and Node's HTTP layer (a parser, a request and a response per connection)
// cost the server more than the answer: at 10,000 readers it was most of its CPU per read and half
// its memory per stream (docs/benchmarks.md, bench:readers). A request is answered here only when
// it is a connection's whole next request, a `GET /<path>.json` with at most `?ns=` (a read, or a
// stream when it accepts `text/event-stream`), and carries nothing that could change its answer:
// no credentials, no body, no conditional header. The rules are asked as for any read, and the
// answer is the REST handler's own (rest.ts: plainReadAnswer, plainStream). Anything else goes to
// the HTTP server as it came, with the connection for the rest of its life.
import type http from "node:http";
import type net from "node:net";

/** How the server answers plain requests: `namespace` is null for the default one, `rawPath` is `/<path>.json`. */
export interface PlainAnswers {
  /** A plain read's whole answer, or null to leave the request to the HTTP server. */
  read(namespace: string | null, rawPath: string): Buffer | null;
  /** Starts a plain stream on `socket`, which it then owns; false leaves the request to the HTTP server. */
  stream(namespace: string | null, rawPath: string, socket: net.Socket): boolean;
}

/** A request line this path answers: a GET of `<path>.json`, with at most `?ns=`. */
const REQUEST_LINE = /^GET (\/[^?#\s]*\.json)(?:\?ns=([A-Za-z0-9_-]+))? HTTP\/1\.1$/;
/** Headers that do not change a visitor's answer (a browser's fetch sends these). */
const NEUTRAL_HEADERS = new Set([
  "host",
  "connection",
  "user-agent",
  "accept",
  "accept-encoding",
  "accept-language",
  "origin",
  "referer",
  "cache-control",
  "pragma",
  "priority",
  "dnt",
]);
const NEUTRAL_PREFIXES = ["sec-fetch-", "sec-ch-", "sec-gpc"];
/** Longer than any such request a browser sends: longer ones go to the HTTP server. */
const MAX_HEAD_BYTES = 8 * 1024;

/** A whole, neutral plain GET in `chunk` (a read, or a stream when it accepts `text/event-stream`), or null for anything else. */
export function plainRequest(chunk: Buffer): { rawPath: string; namespace: string | null; stream: boolean } | null {
  if (chunk.length > MAX_HEAD_BYTES) return null;
  const text = chunk.toString("latin1");
  // One whole request and nothing after it (no body, nothing pipelined).
  if (text.indexOf("\r\n\r\n") !== text.length - 4) return null;
  const lines = text.slice(0, -4).split("\r\n");
  const request = REQUEST_LINE.exec(lines[0]!);
  if (!request) return null;
  let stream = false;
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i]!;
    const colon = line.indexOf(":");
    if (colon <= 0) return null;
    const name = line.slice(0, colon).toLowerCase();
    const value = line
      .slice(colon + 1)
      .trim()
      .toLowerCase();
    if (!NEUTRAL_HEADERS.has(name) && !NEUTRAL_PREFIXES.some((p) => name.startsWith(p))) return null;
    if (name === "accept") stream = value.includes("text/event-stream");
    if (name === "connection" && value !== "keep-alive") return null;
  }
  return { rawPath: request[1]!, namespace: request[2] ?? null, stream };
}

/** What `answer` gives, or null when it throws: the HTTP server then answers, with its error handling. */
function answerOrNull<T>(answer: () => T): T | null {
  try {
    return answer();
  } catch {
    return null;
  }
}

/** The head Node's HTTP server writes for a 200 JSON answer on a kept-alive connection, and the body. */
function response(body: Buffer, keepAliveSeconds: number): Buffer {
  const head =
    "HTTP/1.1 200 OK\r\nAccess-Control-Allow-Origin: *\r\ncontent-type: application/json; charset=utf-8\r\n" +
    `content-length: ${body.length}\r\nDate: ${new Date().toUTCString()}\r\nConnection: keep-alive\r\nKeep-Alive: timeout=${keepAliveSeconds}\r\n\r\n`;
  return Buffer.concat([Buffer.from(head, "latin1"), body]);
}

/**
 * Puts the plain-request path in front of `server`'s connections. Returns `closeAll`, which ends the
 * connections it holds (the HTTP server's own close does not know them). Its listeners are the
 * same functions for every connection, and a connection handed to the HTTP server keeps none of
 * them: a page's stream holds its connection for as long as it is open, and 10,000 of them are
 * measured in bytes per connection.
 */
export function answerPlainRequestsFirst(server: http.Server, answers: PlainAnswers): { closeAll: () => void } {
  const httpListeners = server.listeners("connection") as ((socket: net.Socket) => void)[];
  server.removeAllListeners("connection");
  const held = new Set<net.Socket>();

  function toHttp(socket: net.Socket, chunk: Buffer): void {
    socket.off("data", onData).off("end", onEnd).off("timeout", onIdle).off("error", onError).off("close", onClose);
    socket.setTimeout(0);
    held.delete(socket);
    for (const listener of httpListeners) listener.call(server, socket);
    // As it came, and before anything after it: the HTTP server now reads the socket itself (its
    // parser takes the connection's next bytes straight from the handle, even in this same read
    // loop), so the chunk is handed to it at once, not put back in the socket's buffer.
    socket.emit("data", chunk);
  }
  function onData(this: net.Socket, chunk: Buffer): void {
    const request = plainRequest(chunk);
    if (request?.stream) {
      // The stream owns the connection from now on (it ends it when it ends).
      this.off("data", onData).off("timeout", onIdle);
      this.setTimeout(0);
      if (!answerOrNull(() => answers.stream(request.namespace, request.rawPath, this))) toHttp(this, chunk);
      return;
    }
    const body = request && answerOrNull(() => answers.read(request.namespace, request.rawPath));
    if (!body) return toHttp(this, chunk);
    this.write(response(body, Math.floor(server.keepAliveTimeout / 1000)));
  }
  function onEnd(this: net.Socket): void {
    this.end();
  }
  function onIdle(this: net.Socket): void {
    this.destroy();
  }
  function onError(this: net.Socket): void {
    this.destroy();
  }
  function onClose(this: net.Socket): void {
    held.delete(this);
  }

  server.on("connection", (socket: net.Socket) => {
    held.add(socket);
    socket.on("data", onData).on("end", onEnd).on("timeout", onIdle).on("error", onError).on("close", onClose);
    // Closed when idle for as long as the HTTP server keeps an idle connection.
    socket.setTimeout(server.keepAliveTimeout);
  });

  return {
    closeAll: () => {
      for (const socket of held) socket.destroy();
      held.clear();
    },
  };
}

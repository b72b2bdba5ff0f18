// The SDK's websocket protocol on /.ws: upgrades (namespace, a reconnecting client's `ls`), one
// ClientConnection per socket, and pings that drop clients which vanished without closing.
import http from "node:http";
import type { Duplex } from "node:stream";
import { WebSocketServer, type WebSocket } from "ws";
import { ClientConnection } from "./connection.js";
import type { Namespace } from "./database.js";
import { httpStatusOf } from "./http-handler.js";
import type { Namespaces } from "./namespaces.js";

export interface WebSocketContext {
  namespaces: Namespaces;
  defaultNamespace: string;
  maxMessageBytes: number;
  isClosing: () => boolean;
  /** host:port for the handshake when a request names no Host. */
  address: () => string;
  log: (line: string) => void;
}

const HEARTBEAT_MS = 30_000;
type Tracked = WebSocket & { __alive?: boolean };

/** Serves websockets on `server`; `close()` drops every client. */
export function attachWebSockets(server: http.Server, ctx: WebSocketContext): { close(): void } {
  const wss = new WebSocketServer({ noServer: true, maxPayload: ctx.maxMessageBytes + 1024 });
  /** Open sessions by session id (for a reconnecting client's `ls`). */
  const sessions = new Map<string, ClientConnection>();

  server.on("upgrade", (req: http.IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    if (url.pathname !== "/.ws" || ctx.isClosing()) return refuse(socket, 404, "");
    let ns: Namespace;
    try {
      ns = ctx.namespaces.get(url.searchParams.get("ns") ?? ctx.defaultNamespace);
    } catch (err) {
      return refuse(socket, httpStatusOf(err), (err as Error).message);
    }
    // A client reconnecting names its last session: end that one first (running its
    // onDisconnect writes), as Firebase does, rather than waiting for its socket to time out.
    const previous = sessions.get(url.searchParams.get("ls") ?? "");
    if (previous && previous.namespace === ns) previous.end("replaced by a reconnecting client");
    wss.handleUpgrade(req, socket, head, (ws: WebSocket) => serve(ws, req, ns));
  });

  function serve(ws: WebSocket, req: http.IncomingMessage, ns: Namespace): void {
    ns.clients++;
    const { maxMessageBytes, isClosing, log } = ctx;
    const conn = new ClientConnection(ws, { namespace: ns, maxMessageBytes, isClosing, log }, req.headers.host ?? ctx.address());
    sessions.set(conn.sessionId, conn);
    (ws as Tracked).__alive = true;
    ws.on("pong", () => ((ws as Tracked).__alive = true));
    ws.on("message", (data, isBinary) => {
      try {
        conn.onFrame(isBinary ? Buffer.from(data as Buffer).toString("utf8") : data.toString());
      } catch (err) {
        log(`frame handling error: ${(err as Error)?.stack ?? String(err)}`);
        ws.close(1011, "internal error");
      }
    });
    ws.on("error", () => {});
    ws.on("close", () => {
      sessions.delete(conn.sessionId);
      ns.clients--;
      conn.onClose();
    });
  }

  // Drops clients that vanished without closing (a cable pulled, a process killed -STOP).
  const heartbeat = setInterval(() => {
    for (const ws of wss.clients as Set<Tracked>) {
      if (ws.__alive === false) {
        ws.terminate();
        continue;
      }
      ws.__alive = false;
      ws.ping();
    }
  }, HEARTBEAT_MS);
  heartbeat.unref();

  return {
    close() {
      clearInterval(heartbeat);
      for (const ws of wss.clients) ws.terminate();
      wss.close();
    },
  };
}

function refuse(socket: Duplex, status: number, message: string): void {
  socket.write(`HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nConnection: close\r\n\r\n${message}`);
  socket.destroy();
}

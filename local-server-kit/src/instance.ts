// What a started local server is, whichever protocol it speaks (rtdb-emulator's database,
// storage-emulator's Storage): where it listens, where it keeps its data, whether it answers,
// and one orderly stop. Both servers' start functions give one of these (with their own extras),
// so the local stack and the tests start, restart and stop them the same way.
import type http from "node:http";
import { listen } from "./server.js";

export interface LocalServerInstance {
  readonly host: string;
  /** The port it took (the one picked when asked for 0). */
  readonly port: number;
  /** http://host:port */
  readonly url: string;
  /** The folder its data lives in (absolute), or undefined when it keeps everything in memory. */
  readonly dataDir: string | undefined;
  /** Resolves while the server answers requests; rejects once it has been stopped. */
  ready(): Promise<void>;
  /** Stops accepting, ends connections, then flushes what is pending; every call shares one stop. */
  close(): Promise<void>;
}

/** How a server is started: from its options (port 0 picks a free one) to a listening instance. */
export type StartLocalServer<Options extends { port?: number }, Instance extends LocalServerInstance> = (options: Options) => Promise<Instance>;

/** The server's own parts of a stop, around the closing of the HTTP server and its connections. */
export interface InstanceStop {
  /** Before the HTTP server closes: stop watching files, end long-lived streams and sockets. */
  before?(): void;
  /** After every connection has ended: flush and close the stores. */
  after(): Promise<void>;
}

/** Listens on `port` and `host`, and gives the instance whose close runs `stop` around the HTTP server's close. */
export async function serveInstance(
  server: http.Server,
  where: { host: string; port: number; dataDir: string | undefined },
  stop: InstanceStop,
): Promise<LocalServerInstance> {
  const port = await listen(server, where.port, where.host);
  let closing: Promise<void> | null = null;
  const close = async () => {
    stop.before?.();
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
    await stop.after();
  };
  return {
    host: where.host,
    port,
    url: `http://${where.host}:${port}`,
    dataDir: where.dataDir,
    ready: () => (closing === null && server.listening ? Promise.resolve() : Promise.reject(new Error(`the server on port ${port} has stopped`))),
    close: () => (closing ??= close()),
  };
}

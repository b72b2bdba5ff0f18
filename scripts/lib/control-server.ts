// Test-only control endpoint of the local stack (npm start -- --e2e): lets the Playwright
// tests take a remote down and bring it back (see serveSites in local-stack.ts), and stop and
// restart the database server or the Storage server. Bound to 127.0.0.1.
import { createServer } from "node:http";
import type { LocalStack } from "./local-stack";

export interface ControlServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

export function startControlServer(stack: LocalStack, { port = 0, host = "127.0.0.1" } = {}): Promise<ControlServer> {
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    const send = (status: number, body: unknown) => {
      // No keep-alive: a test process reusing a socket the server just timed out fails with
      // "other side closed".
      res.writeHead(status, { "Content-Type": "application/json", Connection: "close" });
      res.end(JSON.stringify(body));
    };
    try {
      if (req.method === "GET" && url.pathname === "/state") {
        return send(200, {
          siteUrl: stack.siteUrl,
          ports: stack.ports,
          databaseUrl: stack.databaseUrl,
          storageUrl: stack.storageUrl,
          authUrl: stack.authUrl,
          admin: stack.admin,
          configFile: stack.configFile,
          dataDir: stack.dataDir,
          remotes: Object.fromEntries([...stack.remotes].map(([name, r]) => [name, { running: r.running }])),
          database: { running: stack.database.running },
          storage: { running: stack.storage.running },
        });
      }
      const server = /^\/(database|storage)\/(start|stop)$/.exec(url.pathname);
      if (req.method === "POST" && server) {
        const target = server[1] === "database" ? stack.database : stack.storage;
        await (server[2] === "stop" ? target.stop() : target.start());
        return send(200, { running: target.running });
      }
      const m = /^\/remotes\/([a-z_]+)\/(start|stop)$/.exec(url.pathname);
      if (req.method === "POST" && m) {
        const remote = stack.remotes.get(m[1]!);
        if (!remote) return send(404, { error: `no remote ${m[1]}` });
        await (m[2] === "stop" ? remote.stop() : remote.start());
        return send(200, { name: m[1], running: remote.running });
      }
      send(404, { error: "unknown" });
    } catch (error) {
      send(500, { error: String(error) });
    }
  });
  return new Promise((resolvePromise, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      const address = server.address();
      const bound = typeof address === "object" && address ? address.port : port;
      resolvePromise({ url: `http://${host}:${bound}`, port: bound, close: () => new Promise<void>((r) => server.close(() => r())) });
    });
  });
}

// The two pieces of an HTTP server's life that both emulators have: binding a port, and
// picking up a rules file edited while the server runs.
import fs from "node:fs";
import type http from "node:http";

/**
 * How many connections may wait to be accepted. Node's default is 511: a burst of thousands of
 * readers connecting at once (a shared post's visitors, `npm run bench:readers`) overflowed it,
 * and each dropped connection was retried by its client 1, 3, 7 or 15 s later. The kernel caps it
 * at net.core.somaxconn (4096 on Debian 12).
 */
const LISTEN_BACKLOG = 4096;

/** Listens and answers the port (the one picked when `port` is 0). */
export async function listen(server: http.Server, port: number, host: string): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen({ port, host, backlog: LISTEN_BACKLOG }, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const address = server.address();
  return typeof address === "object" && address ? address.port : 0;
}

/** Reloads the rules file when it changes; a file that does not parse keeps the old rules. Returns the unwatch. */
export function watchRulesFile(file: string, setRules: (text: string) => void, log: (line: string) => void): () => void {
  const onChange = (cur: fs.Stats, prev: fs.Stats) => {
    if (cur.mtimeMs === prev.mtimeMs) return;
    try {
      setRules(fs.readFileSync(file, "utf8"));
      log(`rules reloaded from ${file}`);
    } catch (err) {
      log(`rules in ${file} refused, keeping the previous ones: ${(err as Error).message}`);
    }
  };
  fs.watchFile(file, { interval: 500 }, onChange);
  return () => fs.unwatchFile(file, onChange);
}

// The test harness both emulators' suites share: polling without timing assertions, raw bytes on
// a socket, and the real CLI in a child process.
import { spawn, type ChildProcess } from "node:child_process";
import net from "node:net";

/** Sends `text` as is on a new connection to the port and gives everything the server answered. */
export function rawRequest(port: number, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1", () => socket.write(text));
    let out = "";
    socket.on("data", (d) => (out += d.toString()));
    socket.on("end", () => resolve(out));
    socket.on("close", () => resolve(out));
    socket.on("error", reject);
  });
}

/** Polls until `check` returns true (no timing assertion: the test timeout is the limit). */
export async function until(check: () => boolean | Promise<boolean>, what = "condition"): Promise<void> {
  for (let i = 0; ; i++) {
    if (await check()) return;
    if (i > 5000) throw new Error(`gave up waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

export interface SpawnedCli {
  child: ChildProcess;
  port: number;
  /** Everything the child printed so far, stdout and stderr interleaved. */
  output: () => string;
}

/**
 * A function that runs the real CLI at `cliSource` (TypeScript, through tsx) in its own process,
 * on a free port, so it can be killed with SIGKILL and its event loop is not the test's; the
 * child is added to `children` for cleanup.
 */
export function cliSpawner(cliSource: string, cwd: string): (children: ChildProcess[], args?: string[]) => Promise<SpawnedCli> {
  return async (children, args = []) => {
    const child = spawn(process.execPath, ["--import", "tsx", cliSource, "--port", "0", ...args], { cwd, stdio: ["ignore", "pipe", "pipe"] });
    children.push(child);
    let out = "";
    child.stdout!.on("data", (d: Buffer) => (out += d.toString()));
    child.stderr!.on("data", (d: Buffer) => (out += d.toString()));
    const listening = /listening on http:\/\/127\.0\.0\.1:(\d+)/;
    await until(() => listening.test(out) || child.exitCode !== null, "CLI start");
    const m = listening.exec(out);
    if (!m) throw new Error(`CLI did not start:\n${out}`);
    return { child, port: Number(m[1]), output: () => out };
  };
}

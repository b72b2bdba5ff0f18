import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import { connectDatabaseEmulator, getDatabase, type Database } from 'firebase/database';
import { startRtdbEmulator, type RtdbEmulator, type RtdbEmulatorOptions } from '../src/index.js';

let counter = 0;

export interface TestClient {
  app: FirebaseApp;
  db: Database;
}

export function makeClient(emu: { host: string; port: number }, ns: string, extra: Record<string, unknown> = {}): TestClient {
  const app = initializeApp(
    { projectId: 'demo-portfolio', databaseURL: `http://${emu.host}:${emu.port}?ns=${ns}`, apiKey: 'demo-api-key', ...extra },
    `client-${process.pid}-${++counter}`,
  );
  const db = getDatabase(app);
  connectDatabaseEmulator(db, emu.host, emu.port);
  return { app, db };
}

export async function closeClients(clients: TestClient[]): Promise<void> {
  await Promise.all(clients.splice(0).map((c) => deleteApp(c.app)));
}

export function startServer(options: RtdbEmulatorOptions = {}): Promise<RtdbEmulator> {
  return startRtdbEmulator({ port: 0, host: '127.0.0.1', ...options });
}

/** Polls until `check` returns true (no timing assertion: the test timeout is the limit). */
export async function until(check: () => boolean | Promise<boolean>, what = 'condition'): Promise<void> {
  for (let i = 0; ; i++) {
    if (await check()) return;
    if (i > 5000) throw new Error(`gave up waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

export function uniqueNs(prefix = 'ns'): string {
  return `${prefix}-${process.pid}-${++counter}`;
}

/** Deep equality that returns a boolean, so a failure does not print megabytes of diff. */
export function sameJson(a: unknown, b: unknown): boolean {
  const canon = (v: unknown): unknown =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.keys(v as object).sort().map((k) => [k, canon((v as Record<string, unknown>)[k])]))
      : v;
  return JSON.stringify(canon(a)) === JSON.stringify(canon(b));
}

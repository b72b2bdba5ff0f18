// Bundled by the spec with esbuild: the SDK functions the browser test drives.
import { initializeApp } from "firebase/app";
import {
  connectDatabaseEmulator,
  get,
  getDatabase,
  limitToLast,
  onValue,
  orderByChild,
  query,
  ref,
  runTransaction,
  set,
  type Database,
} from "firebase/database";

declare global {
  interface Window {
    rtdb: {
      init(port: number, ns: string): void;
      watch(path: string): void;
      seen: Record<string, unknown[]>;
      set(path: string, value: unknown): Promise<void>;
      get(path: string): Promise<unknown>;
      increment(path: string): Promise<boolean>;
      topKeys(path: string, child: string, n: number): Promise<string[]>;
      stream(url: string): void;
      streamEvents: { event: string; data: unknown }[];
    };
  }
}

let db: Database;
window.rtdb = {
  seen: {},
  streamEvents: [],
  // REST streaming through the browser's own EventSource (no SDK involved).
  stream(url) {
    const source = new EventSource(url);
    for (const name of ["put", "patch", "keep-alive", "cancel", "auth_revoked"]) {
      source.addEventListener(name, (e) => {
        window.rtdb.streamEvents.push({ event: name, data: JSON.parse((e as MessageEvent<string>).data) as unknown });
      });
    }
  },
  init(port, ns) {
    const app = initializeApp({ projectId: "demo-portfolio", apiKey: "demo-api-key", databaseURL: `http://127.0.0.1:${port}?ns=${ns}` });
    db = getDatabase(app);
    // No forceWebSockets() on purpose: the test checks the long-poll fallback recovers.
    connectDatabaseEmulator(db, "127.0.0.1", port);
  },
  watch(path) {
    const list: unknown[] = (window.rtdb.seen[path] = []);
    onValue(ref(db, path), (s) => list.push(s.val()));
  },
  async set(path, value) {
    await set(ref(db, path), value);
  },
  async get(path) {
    return (await get(ref(db, path))).val();
  },
  async increment(path) {
    const r = await runTransaction(ref(db, path), (v: number | null) => (v ?? 0) + 1);
    return r.committed;
  },
  async topKeys(path, child, n) {
    const s = await get(query(ref(db, path), orderByChild(child), limitToLast(n)));
    const keys: string[] = [];
    s.forEach((c) => {
      keys.push(c.key!);
    });
    return keys;
  },
};

// The subscriptions' database client: the Admin SDK acting as the mailer uid
// (databaseAuthVariableOverride), so the rules hold the renderer's signup endpoints and the mail
// job to the subscriptions' nodes (shared-content's mail-rules.ts), as they hold the scheduler.
import { deleteApp, initializeApp, type App } from "firebase-admin/app";
import { getDatabase, ServerValue } from "firebase-admin/database";
import { MAILER_UID } from "shared-content/mail";

/** What the subscriptions need of the database; tests may give their own. */
export interface MailDatabase {
  read(path: string): Promise<unknown>;
  /** A multi-path update (null deletes); SERVER_TIME in a value is the database's clock. */
  update(updates: Record<string, unknown>): Promise<void>;
  /** Sets a path only if the rules allow it: false when they refuse (a claim someone else holds). */
  trySet(path: string, value: unknown): Promise<boolean>;
  /** Compare-and-set by transaction: `change` returns the new value, or undefined to leave it. */
  transaction(path: string, change: (current: unknown) => unknown): Promise<boolean>;
  /** Confirmed subscribers only (an indexed query). */
  confirmedSubscribers(): Promise<Record<string, unknown>>;
  close(): Promise<void>;
}

/** Stands for the database's time in a written value. */
export const SERVER_TIME = ServerValue.TIMESTAMP;

let instances = 0;

const isDenied = (error: unknown) => /permission[_ ]denied/i.test(`${(error as { code?: string }).code ?? ""} ${String(error)}`);

export function createMailDatabase(databaseURL: string): MailDatabase {
  const app: App = initializeApp({ databaseURL, databaseAuthVariableOverride: { uid: MAILER_UID } }, `mailer-${++instances}`);
  const db = getDatabase(app);
  return {
    read: async (path) => (await db.ref(path).get()).val() as unknown,
    update: async (updates) => {
      await db.ref().update(updates);
    },
    trySet: async (path, value) => {
      try {
        await db.ref(path).set(value);
        return true;
      } catch (error) {
        if (isDenied(error)) return false;
        throw error;
      }
    },
    transaction: async (path, change) => (await db.ref(path).transaction(change, undefined, false)).committed,
    confirmedSubscribers: async () =>
      ((await db.ref("subscribers").orderByChild("status").equalTo("confirmed").get()).val() as Record<string, unknown> | null) ?? {},
    close: () => deleteApp(app),
  };
}

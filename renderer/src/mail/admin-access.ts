// Who is asking, for the admin's mail endpoints (routes/admin-mail.ts): the request's Firebase ID
// token (Authorization: Bearer) verified with the Admin SDK (against the Auth emulator when
// FIREBASE_AUTH_EMULATOR_HOST is set, as the Functions emulator sets it), then the database asked,
// as that uid, whether admins/{uid} is true: the same list the rules call the admin. What the
// endpoints read of the admin's drafts is read as that uid too, so the rules decide it as they do
// for the admin's own browser.
import { deleteApp, getApps, initializeApp, type App } from "firebase-admin/app";
import { getAuth } from "firebase-admin/auth";
import { getDatabase } from "firebase-admin/database";

export interface AdminIdentity {
  uid: string;
  /** The account's address (the test email goes there only); absent for an account without one. */
  email?: string;
}

export interface AdminAccess {
  /** The admin the Authorization header names, or null (no token, a bad or expired one, or not an admin). */
  identify(authorization: string | undefined, projectId: string): Promise<AdminIdentity | null>;
  /** Reads a path as the admin `uid` (the rules apply). */
  readAs(uid: string, path: string): Promise<unknown>;
  close(): Promise<void>;
}

const bearerToken = (authorization: string | undefined): string | null => /^Bearer (\S+)$/.exec(authorization ?? "")?.[1] ?? null;

/** At most this many admins' database clients are kept (a site has one or two admins). */
const MAX_CLIENTS = 4;

export function createAdminAccess(databaseURL: string): AdminAccess {
  const clients = new Map<string, App>();
  const authApps = new Map<string, App>();
  const authFor = (projectId: string) => {
    let app = authApps.get(projectId);
    if (!app) {
      const name = `mail-admin-auth-${projectId}`;
      app = getApps().find((a) => a.name === name) ?? initializeApp({ projectId }, name);
      authApps.set(projectId, app);
    }
    return getAuth(app);
  };
  const clientFor = (uid: string) => {
    let app = clients.get(uid);
    if (!app) {
      if (clients.size >= MAX_CLIENTS) {
        const [oldest, old] = clients.entries().next().value as [string, App];
        clients.delete(oldest);
        void deleteApp(old);
      }
      app = initializeApp({ databaseURL, databaseAuthVariableOverride: { uid } }, `mail-admin-${uid}-${Date.now().toString(36)}`);
      clients.set(uid, app);
    }
    return getDatabase(app);
  };
  const readAs = async (uid: string, path: string) => (await clientFor(uid).ref(path).get()).val() as unknown;
  return {
    identify: async (authorization, projectId) => {
      const token = bearerToken(authorization);
      if (!token) return null;
      let decoded: { uid: string; email?: string; admin?: unknown };
      try {
        decoded = await authFor(projectId).verifyIdToken(token);
      } catch {
        return null;
      }
      // Only a token that claims to be an admin's gets a database client (bounded: MAX_CLIENTS).
      if (decoded.admin !== true) return null;
      const listed = await readAs(decoded.uid, `admins/${decoded.uid}`).catch(() => null);
      if (listed !== true) return null;
      return { uid: decoded.uid, ...(decoded.email ? { email: decoded.email } : {}) };
    },
    readAs,
    close: async () => {
      await Promise.all([...clients.values(), ...authApps.values()].map((app) => deleteApp(app)));
      clients.clear();
      authApps.clear();
    },
  };
}

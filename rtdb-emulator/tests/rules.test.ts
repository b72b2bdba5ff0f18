import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { connectAuthEmulator, getAuth, signInWithEmailAndPassword, signOut, type Auth } from "firebase/auth";
import { get, onDisconnect, onValue, ref, runTransaction, set, update } from "firebase/database";
import { createAuthUser, signInAuthUser, startAuthEmulator, type AuthEmulator } from "dev-tools/firebase-emulators";
import type { RtdbEmulator } from "../src/index.js";
import { closeClients, makeClient, openSse, startServer, uniqueNs, until, type TestClient } from "./helpers.js";

const RULES = `{
  // comments are allowed, as in database.rules.json
  "rules": {
    ".read": false,
    ".write": false,
    "admins": { "$uid": { ".read": "auth != null && auth.uid === $uid" } },
    "public": {
      ".read": true,
      ".write": "auth != null && root.child('admins').child(auth.uid).val() === true",
      "$item": {
        ".validate": "newData.hasChildren(['title'])",
        "title": { ".validate": "newData.isString() && newData.val().length <= 20" },
        "$other": { ".validate": false }
      }
    },
    "users": {
      "$uid": {
        ".read": "auth != null && auth.uid === $uid",
        ".write": "auth != null && auth.uid === $uid"
      }
    },
    "counters": { ".read": true, "$c": { ".write": "auth != null", ".validate": "newData.isNumber()" } },
    "inbox": {
      "$id": {
        ".write": "!data.exists()",
        ".validate": "newData.child('at').val() === now"
      }
    }
  }
}`;

let auth: AuthEmulator;
let emu: RtdbEmulator;
let adminUid: string;
let userUid: string;
const clients: TestClient[] = [];
const ADMIN = { email: "admin@example.com", password: "admin-pass" };
const USER = { email: "user@example.com", password: "user-pass1" };

beforeAll(async () => {
  [auth, emu] = await Promise.all([startAuthEmulator({}), startServer({ rulesText: RULES })]);
  adminUid = (await createAuthUser({ url: auth.url, ...ADMIN })).uid;
  userUid = (await createAuthUser({ url: auth.url, ...USER })).uid;
});
afterAll(async () => {
  await Promise.all([auth?.stop(), emu?.close()]);
});
afterEach(async () => {
  await closeClients(clients);
});

interface SignedClient extends TestClient {
  auth: Auth;
}

async function client(ns: string, who?: { email: string; password: string }): Promise<SignedClient> {
  const c = makeClient(emu, ns);
  clients.push(c);
  const a = getAuth(c.app);
  connectAuthEmulator(a, auth.url, { disableWarnings: true });
  if (who) await signInWithEmailAndPassword(a, who.email, who.password);
  return { ...c, auth: a };
}

async function seedAdmins(ns: string): Promise<void> {
  const res = await fetch(`${emu.url}/admins.json?ns=${ns}`, {
    method: "PUT",
    headers: { authorization: "Bearer owner" },
    body: JSON.stringify({ [adminUid]: true }),
  });
  expect(res.status).toBe(200);
}

async function code(p: Promise<unknown>): Promise<string> {
  try {
    await p;
    return "ok";
  } catch (err) {
    return String((err as { code?: string }).code ?? (err as Error).message);
  }
}

describe("rules through the real SDK and the real Auth emulator", () => {
  it("anonymous visitor: reads public, cannot write, cannot read private", async () => {
    const ns = uniqueNs("rules");
    await seedAdmins(ns);
    const anon = await client(ns);
    expect(await code(get(ref(anon.db, "public")))).toBe("ok");
    expect(await code(set(ref(anon.db, "public/p1"), { title: "x" }))).toMatch(/PERMISSION_DENIED/i);
    expect(await code(get(ref(anon.db, "users")))).toMatch(/permission/i);
    expect(await code(get(ref(anon.db, "admins")))).toMatch(/permission/i);
  });

  it("signed-in non-admin: own node yes, content no; admin: content yes", async () => {
    const ns = uniqueNs("rules");
    await seedAdmins(ns);
    const user = await client(ns, USER);
    const admin = await client(ns, ADMIN);
    expect(await code(set(ref(user.db, `users/${userUid}`), { name: "me" }))).toBe("ok");
    expect(await code(set(ref(user.db, `users/${adminUid}`), { name: "not me" }))).toMatch(/PERMISSION_DENIED/i);
    expect(await code(set(ref(user.db, "public/p1"), { title: "hi" }))).toMatch(/PERMISSION_DENIED/i);
    expect(await code(get(ref(user.db, `admins/${userUid}`)))).toBe("ok");
    expect((await get(ref(admin.db, `admins/${adminUid}`))).val()).toBe(true);
    expect(await code(set(ref(admin.db, "public/p1"), { title: "hi" }))).toBe("ok");
    expect((await get(ref(user.db, "public/p1/title"))).val()).toBe("hi");
  });

  it(".validate: wrong shape, extra field and too long are refused, even for the admin", async () => {
    const ns = uniqueNs("rules");
    await seedAdmins(ns);
    const admin = await client(ns, ADMIN);
    expect(await code(set(ref(admin.db, "public/p2"), { nottitle: "x" }))).toMatch(/PERMISSION_DENIED/i);
    expect(await code(set(ref(admin.db, "public/p2"), { title: "x", extra: 1 }))).toMatch(/PERMISSION_DENIED/i);
    expect(await code(set(ref(admin.db, "public/p2"), { title: "x".repeat(21) }))).toMatch(/PERMISSION_DENIED/i);
    expect((await get(ref(admin.db, "public/p2"))).val()).toBeNull();
  });

  it("a multi-path update with one denied path writes nothing", async () => {
    const ns = uniqueNs("rules");
    await seedAdmins(ns);
    const user = await client(ns, USER);
    const watcher = await client(ns);
    const seen: unknown[] = [];
    onValue(ref(watcher.db, "public"), (s) => seen.push(s.val()));
    await until(() => seen.length === 1);
    const result = await code(update(ref(user.db), { [`users/${userUid}/a`]: 1, "public/p3": { title: "sneaky" } }));
    expect(result).toMatch(/PERMISSION_DENIED/i);
    const owner = await fetch(`${emu.url}/.json?ns=${ns}`, { headers: { authorization: "Bearer owner" } });
    const all = (await owner.json()) as Record<string, unknown>;
    expect(all["users"]).toBeUndefined();
    expect(all["public"]).toBeUndefined();
    // Allowed multi-path update from the admin goes through as a whole.
    const admin = await client(ns, ADMIN);
    expect(await code(update(ref(admin.db), { "public/a": { title: "A" }, "public/b": { title: "B" } }))).toBe("ok");
    await until(() => {
      const v = seen.at(-1) as Record<string, unknown> | null;
      return !!v && "a" in v && "b" in v;
    });
  });

  it("listen denied surfaces as a cancelled listener; sign-out revokes a private listen", async () => {
    const ns = uniqueNs("rules");
    const user = await client(ns, USER);
    await set(ref(user.db, `users/${userUid}`), { n: 1 });
    let cancelled: string | null = null;
    const values: unknown[] = [];
    onValue(
      ref(user.db, `users/${userUid}`),
      (s) => values.push(s.val()),
      (err) => {
        cancelled = String((err as { code?: string }).code ?? err.message);
      },
    );
    await until(() => values.length === 1);
    expect(values[0]).toEqual({ n: 1 });
    await signOut(user.auth);
    await until(() => cancelled !== null, "listen revoked after sign-out");
    expect(cancelled).toMatch(/permission/i);

    const anon = await client(ns);
    let denied: string | null = null;
    onValue(
      ref(anon.db, "users"),
      () => {},
      (err) => {
        denied = err.message;
      },
    );
    await until(() => denied !== null, "listen denied");
  });

  it("transactions and onDisconnect are checked too; now and server timestamps agree", async () => {
    const ns = uniqueNs("rules");
    const user = await client(ns, USER);
    const anon = await client(ns);
    const r = await runTransaction(ref(user.db, "counters/likes"), (v: number | null) => (v ?? 0) + 1);
    expect(r.committed).toBe(true);
    expect(await code(runTransaction(ref(anon.db, "counters/likes"), (v: number | null) => (v ?? 0) + 1))).toMatch(/permission/i);
    expect(await code(runTransaction(ref(user.db, "counters/likes"), () => "text"))).toMatch(/permission/i);
    expect(await code(onDisconnect(ref(anon.db, "counters/x")).set(1))).toMatch(/PERMISSION_DENIED/i);
    expect(await code(onDisconnect(ref(user.db, "counters/x")).set(1))).toBe("ok");
    const { serverTimestamp } = await import("firebase/database");
    expect(await code(set(ref(anon.db, "inbox/m1"), { at: serverTimestamp(), text: "hi" }))).toBe("ok");
    expect(await code(set(ref(anon.db, "inbox/m1"), { at: serverTimestamp(), text: "overwrite" }))).toMatch(/PERMISSION_DENIED/i);
    expect(await code(set(ref(anon.db, "inbox/m2"), { at: 5, text: "old" }))).toMatch(/PERMISSION_DENIED/i);
  });

  it("REST streaming with auth=<Auth-emulator ID token> reads as that user", async () => {
    const ns = uniqueNs("rules");
    const { idToken } = await signInAuthUser({ url: auth.url, ...USER });
    const user = await client(ns, USER);
    await set(ref(user.db, `users/${userUid}`), { name: "me" });
    const mine = await openSse(`${emu.url}/users/${userUid}.json?ns=${ns}&auth=${idToken}`);
    try {
      expect(mine.status).toBe(200);
      expect(await mine.next()).toEqual({ event: "put", data: { path: "/", data: { name: "me" } } });
      await set(ref(user.db, `users/${userUid}/name`), "me again");
      expect(await mine.next()).toEqual({ event: "put", data: { path: "/name", data: "me again" } });
    } finally {
      mine.close();
    }
    const visitor = await openSse(`${emu.url}/users/${userUid}.json?ns=${ns}`);
    expect([visitor.status, visitor.body]).toEqual([401, { error: "Permission denied" }]);
    const notMine = await openSse(`${emu.url}/users/${adminUid}.json?ns=${ns}&auth=${idToken}`);
    expect(notMine.status).toBe(401);
  });

  it("REST: anonymous is checked, owner bypasses; rules replaced at run time, bad rules refused", async () => {
    const ns = uniqueNs("rules");
    let res = await fetch(`${emu.url}/public/x.json?ns=${ns}`, { method: "PUT", body: JSON.stringify({ title: "t" }) });
    expect(res.status).toBe(401);
    res = await fetch(`${emu.url}/public.json?ns=${ns}`);
    expect(res.status).toBe(200);
    res = await fetch(`${emu.url}/users.json?ns=${ns}`);
    expect(res.status).toBe(401);
    res = await fetch(`${emu.url}/users.json?ns=${ns}`, { headers: { authorization: "Bearer owner" } });
    expect(res.status).toBe(200);

    const server = await startServer({ rulesText: RULES });
    try {
      const c = makeClient(server, ns);
      clients.push(c);
      expect(await code(set(ref(c.db, "open/x"), 1))).toMatch(/PERMISSION_DENIED/i);
      /** PUTs rules text to the rules endpoint, as the owner unless `asOwner` is false. */
      const putRules = (body: string, asOwner = true) =>
        fetch(`${server.url}/.settings/rules.json`, { method: "PUT", headers: asOwner ? { authorization: "Bearer owner" } : {}, body });
      res = await putRules('{"rules": {".read": true, ".write": true}}', false);
      expect(res.status).toBe(401);
      res = await putRules('{"rules": {".read": true, /* open */ ".write": true}}');
      expect(res.status).toBe(200);
      expect(await code(set(ref(c.db, "open/x"), 1))).toBe("ok");
      res = await putRules('{"rules": {".read": tru');
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: string }).error).toMatch(/JSON/);
      res = await putRules('{"rules": {".read": "auth.uid ==="}}');
      expect(res.status).toBe(400);
      // The old (open) rules are still in force.
      expect(await code(set(ref(c.db, "open/y"), 2))).toBe("ok");
      expect(await (await fetch(`${server.url}/.settings/rules.json`)).text()).toContain("/* open */");
    } finally {
      await closeClients(clients);
      await server.close();
    }
  });
});

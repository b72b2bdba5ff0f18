// Keys named like JavaScript object-prototype members ("__proto__", "constructor", "toString")
// are ordinary keys at every entry point: REST PUT/PATCH, the wire protocol's `p`/`m`, the rules'
// `$other`, queries, persistence. The server runs in this process, so a write that reached
// Object.prototype would show here.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { RtdbEmulator } from "../src/index.js";
import { ownerRest, rawClient, startServer, uniqueNs, unsignedToken } from "./helpers.js";

const projectRules = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "..", "database.rules.json");
const PROTOTYPE_NAMES = ["__proto__", "constructor", "toString", "hasOwnProperty", "valueOf"];
const objectPrototypeKeys = Object.getOwnPropertyNames(Object.prototype).sort();

let emu: RtdbEmulator;
beforeAll(async () => {
  emu = await startServer({ rules: projectRules });
});
afterAll(async () => {
  await emu.close();
});
afterEach(() => {
  expectPrototypesUntouched();
});

function expectPrototypesUntouched(): void {
  expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(objectPrototypeKeys);
  const probe = {} as Record<string, unknown>;
  for (const key of ["authorization", "polluted", "x", "text", "fullName", "a"]) expect(probe[key]).toBeUndefined();
}

const visitorToken = (uid: string) => unsignedToken({ user_id: uid, sub: uid, firebase: { sign_in_provider: "anonymous" } });

async function rest(method: string, url: string, body?: unknown, token?: string): Promise<{ status: number; body: unknown }> {
  const res = await fetch(url, {
    method,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as unknown) : undefined };
}

/** A submission the project's rules accept from `uid`, as the site sends it (one multi-path update). */
function submission(uid: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    [`recommendationSubmissions/${uid}`]: {
      fullName: "Ada Lovelace",
      role: "Engineer",
      relationship: "Colleague",
      text: "A careful engineer whose work holds up.",
      createdAt: { ".sv": "timestamp" },
      ...extra,
    },
    [`recommendationSubmitters/${uid}`]: { ".sv": "timestamp" },
  };
}

describe("prototype names are plain keys: REST and the rules", () => {
  it("REST PATCH: a __proto__ segment cannot give credential-less requests the owner's rights", async () => {
    const ns = uniqueNs("proto-patch");
    const uid = "visitor1";
    // A valid submission, field by field, with one more path through "__proto__".
    const fields = Object.entries(submission(uid)[`recommendationSubmissions/${uid}`] as object).map(([k, v]) => [`recommendationSubmissions/${uid}/${k}`, v]);
    const attack = {
      ...Object.fromEntries(fields),
      [`recommendationSubmissions/${uid}/__proto__/authorization`]: "Bearer owner",
      [`recommendationSubmitters/${uid}`]: { ".sv": "timestamp" },
    };
    expect((await rest("PATCH", `${emu.url}/.json?ns=${ns}`, attack, visitorToken(uid))).status).toBe(401);
    const raw = `{"recommendationSubmissions/${uid}": {"__proto__": {"authorization": "Bearer owner"}}}`;
    expect((await rest("PATCH", `${emu.url}/.json?ns=${ns}`, raw, visitorToken(uid))).status).toBe(401);
    expectPrototypesUntouched();
    // Still refused without credentials: the moderation queue, the drafts, the site's texts.
    expect((await rest("GET", `${emu.url}/recommendationSubmissions.json?ns=${ns}`)).status).toBe(401);
    expect((await rest("GET", `${emu.url}/blog/drafts.json?ns=${ns}`)).status).toBe(401);
    expect((await rest("PUT", `${emu.url}/site/about/headline.json?ns=${ns}`, '"x"')).status).toBe(401);
  });

  it("rules: $other: false refuses a child named __proto__ or constructor (the same submission without it passes)", async () => {
    const ns = uniqueNs("proto-rules");
    for (const [i, name] of ["__proto__", "constructor", "toString"].entries()) {
      const uid = `visitor${i}`;
      const refused = await rest("PATCH", `${emu.url}/.json?ns=${ns}`, submission(uid, { [name]: { authorization: "Bearer owner" } }), visitorToken(uid));
      expect(refused.status, name).toBe(401);
      expect((await rest("PATCH", `${emu.url}/.json?ns=${ns}`, submission(uid), visitorToken(uid))).status, name).toBe(200);
    }
    // A submission stored at .../<uid>/__proto__ is refused too (it is not a valid submission path).
    const uid = "visitor9";
    const nested = { ...submission(uid) };
    nested[`recommendationSubmissions/${uid}/__proto__`] = nested[`recommendationSubmissions/${uid}`];
    delete nested[`recommendationSubmissions/${uid}`];
    expect((await rest("PATCH", `${emu.url}/.json?ns=${ns}`, nested, visitorToken(uid))).status).toBe(401);
    const stored = await ownerRest("GET", `${emu.url}/recommendationSubmissions.json?ns=${ns}&shallow=true`);
    expect(Object.keys((await stored.json()) as object).sort()).toEqual(["visitor0", "visitor1", "visitor2"]);
  });

  it("REST PUT and PATCH store and answer them like any key; absent ones read as null", async () => {
    const ns = uniqueNs("proto-rest");
    // As text: in an object literal "__proto__" would set the prototype instead of a key.
    const text = '{"__proto__": {"x": 1}, "constructor": "c", "toString": {"y": 2}, "plain": true}';
    expect((await rest("PUT", `${emu.url}/doc.json?ns=${ns}`, text, "owner")).body).toEqual(JSON.parse(text));
    expect((await rest("GET", `${emu.url}/doc.json?ns=${ns}`, undefined, "owner")).body).toEqual(JSON.parse(text));
    expect((await rest("GET", `${emu.url}/doc/__proto__.json?ns=${ns}`, undefined, "owner")).body).toEqual({ x: 1 });
    expect((await rest("GET", `${emu.url}/doc/constructor.json?ns=${ns}`, undefined, "owner")).body).toBe("c");
    expect((await rest("GET", `${emu.url}/doc.json?ns=${ns}&shallow=true`, undefined, "owner")).body).toEqual(
      JSON.parse('{"__proto__": true, "constructor": true, "toString": true, "plain": true}'),
    );
    for (const name of PROTOTYPE_NAMES) {
      expect((await rest("GET", `${emu.url}/doc/plain/${name}.json?ns=${ns}`, undefined, "owner")).body, name).toBeNull();
      expect((await rest("GET", `${emu.url}/absent/${name}.json?ns=${ns}`, undefined, "owner")).body, name).toBeNull();
    }
    const patch = await rest("PATCH", `${emu.url}/doc.json?ns=${ns}`, '{"__proto__/x": 3, "valueOf": "v"}', "owner");
    expect(patch.body).toEqual(JSON.parse('{"__proto__/x": 3, "valueOf": "v"}'));
    expect((await rest("GET", `${emu.url}/doc.json?ns=${ns}`, undefined, "owner")).body).toEqual(
      JSON.parse('{"__proto__": {"x": 3}, "constructor": "c", "toString": {"y": 2}, "plain": true, "valueOf": "v"}'),
    );
    expect((await rest("DELETE", `${emu.url}/doc/__proto__.json?ns=${ns}`, undefined, "owner")).status).toBe(200);
    expect((await rest("GET", `${emu.url}/doc/__proto__.json?ns=${ns}`, undefined, "owner")).body).toBeNull();
  });
});

describe("prototype names are plain keys: the wire protocol, queries and persistence", () => {
  it("wire p and m: written, read back and refused by the rules like any key", async () => {
    const ns = uniqueNs("proto-wire");
    const owner = await rawClient(emu, `ns=${ns}`);
    const visitor = await rawClient(emu, `ns=${ns}`);
    try {
      expect((await owner.request("auth", { cred: "owner" })).s).toBe("ok");
      expect((await owner.request("p", { p: "/open/__proto__/polluted", d: true })).s).toBe("ok");
      expect((await owner.request("m", { p: "/open", d: JSON.parse('{"constructor": {"x": 1}, "__proto__/more": 2}') })).s).toBe("ok");
      expect(await owner.request("g", { p: "/open" })).toEqual({
        s: "ok",
        d: JSON.parse('{"__proto__": {"polluted": true, "more": 2}, "constructor": {"x": 1}}'),
      });
      expect(await owner.request("g", { p: "/open/toString" })).toEqual({ s: "ok", d: null });
      expectPrototypesUntouched();
      // The visitor (no auth) is refused for both, and the queue stays closed to it.
      expect((await visitor.request("p", { p: "/recommendationSubmissions/__proto__/authorization", d: "Bearer owner" })).s).toBe("permission_denied");
      expect((await visitor.request("m", { p: "/", d: JSON.parse('{"__proto__": {"authorization": "Bearer owner"}}') })).s).toBe("permission_denied");
      expect((await visitor.request("g", { p: "/recommendationSubmissions" })).s).toBe("permission_denied");
      expect((await visitor.request("g", { p: "/open" })).s).toBe("permission_denied");
    } finally {
      owner.ws.close();
      visitor.ws.close();
    }
  });

  it("queries: prototype names as children, as the ordering child and as bounds", async () => {
    const ns = uniqueNs("proto-query");
    const text = '{"__proto__": {"constructor": 3}, "constructor": {"constructor": 1}, "toString": {"constructor": 2}, "b": {"other": 0}}';
    await rest("PUT", `${emu.url}/list.json?ns=${ns}`, text, "owner");
    const query = async (q: string) => (await rest("GET", `${emu.url}/list.json?ns=${ns}&${q}`, undefined, "owner")).body as Record<string, unknown>;
    expect(Object.keys(await query('orderBy="$key"'))).toEqual(expect.arrayContaining(["__proto__", "constructor", "toString", "b"]));
    expect(await query('orderBy="$key"&equalTo="constructor"')).toEqual({ constructor: { constructor: 1 } });
    expect(await query('orderBy="$key"&equalTo="__proto__"')).toEqual(JSON.parse('{"__proto__": {"constructor": 3}}'));
    expect(await query('orderBy="constructor"&startAt=2')).toEqual(JSON.parse('{"toString": {"constructor": 2}, "__proto__": {"constructor": 3}}'));
    expect(await query('orderBy="constructor"&limitToFirst=1')).toEqual({ b: { other: 0 } });
    expect(await query('orderBy="toString"&equalTo=null')).toEqual(JSON.parse(text));
  });

  it("persisted: kept across a restart (snapshot and log)", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "rtdb-proto-"));
    const text = '{"__proto__": {"a": 1}, "constructor": "c"}';
    try {
      const first = await startServer({ dataDir });
      await rest("PUT", `${first.url}/snap.json`, text, "owner");
      await first.close(); // compacts into the snapshot
      const second = await startServer({ dataDir });
      await rest("PATCH", `${second.url}/logged.json`, '{"__proto__": {"b": 2}, "toString": "t"}', "owner");
      await second.close();
      fs.writeFileSync(path.join(dataDir, "demo-portfolio-default-rtdb", "log.jsonl"), `[["logged2"],{"__proto__":{"c":3}}]\n`);
      const third = await startServer({ dataDir });
      try {
        expect((await rest("GET", `${third.url}/.json`, undefined, "owner")).body).toEqual(
          JSON.parse(`{"snap": ${text}, "logged": {"__proto__": {"b": 2}, "toString": "t"}, "logged2": {"__proto__": {"c": 3}}}`),
        );
      } finally {
        await third.close();
      }
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

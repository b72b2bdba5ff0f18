import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { equalTo, get, limitToFirst, orderByChild, query, ref } from "firebase/database";
import type { RtdbEmulator } from "../src/index.js";
import { closeClients, makeClient, startServer, type TestClient } from "./helpers.js";

// Query-based rules: a list readable only through a query that filters on a field.
const RULES = `{
  "rules": {
    "posts": {
      ".read": "query.orderByChild === 'published' && query.equalTo === true",
      ".indexOn": ["published"]
    },
    "small": { ".read": "query.limitToFirst <= 2" }
  }
}`;

let emu: RtdbEmulator;
const clients: TestClient[] = [];

beforeAll(async () => {
  emu = await startServer({ rulesText: RULES });
  const res = await fetch(`${emu.url}/.json?ns=qr`, {
    method: "PATCH",
    headers: { authorization: "Bearer owner" },
    body: JSON.stringify({
      posts: { a: { published: true, t: "A" }, b: { published: false, t: "B" }, c: { published: true, t: "C" } },
      small: { x: 1, y: 2, z: 3 },
    }),
  });
  expect(res.status).toBe(200);
});
afterAll(async () => {
  await closeClients(clients);
  await emu.close();
});

async function outcome(p: Promise<unknown>): Promise<string> {
  try {
    await p;
    return "ok";
  } catch (err) {
    return String((err as Error).message);
  }
}

describe("query-based read rules (query.*)", () => {
  it("allows the filtered query and denies the plain read", async () => {
    const c = makeClient(emu, "qr");
    clients.push(c);
    const published = await get(query(ref(c.db, "posts"), orderByChild("published"), equalTo(true)));
    expect(Object.keys(published.val() as object).sort()).toEqual(["a", "c"]);
    expect(await outcome(get(ref(c.db, "posts")))).toMatch(/permission/i);
    expect(await outcome(get(query(ref(c.db, "posts"), orderByChild("published"), equalTo(false))))).toMatch(/permission/i);
    expect(Object.keys((await get(query(ref(c.db, "small"), limitToFirst(2)))).val() as object)).toEqual(["x", "y"]);
    expect(await outcome(get(query(ref(c.db, "small"), limitToFirst(3))))).toMatch(/permission/i);
  });
});

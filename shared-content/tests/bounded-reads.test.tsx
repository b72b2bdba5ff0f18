// @vitest-environment jsdom
// The public reads of the post, quotes and films pages at a grown size (hundreds of records),
// through the REST stream against rtdb-emulator with the real rules: every request that reaches
// the database is a bounded query on an indexed child (or one record), the windows are right at
// the ends and across their boundaries, a deep link reads its one quote (on the server too), and
// a live edit of a shown record appears.
import { readFileSync } from "node:fs";
import { createServer, request as httpRequest, type Server } from "node:http";
import { resolve } from "node:path";
import { Suspense } from "react";
import { prerender } from "react-dom/static";
import { act, cleanup, renderHook, waitFor } from "@testing-library/react";
import { startRtdbEmulator, type RtdbEmulator } from "rtdb-emulator";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { initFirebase } from "shared-auth";
import { type RuntimeConfig } from "runtime-config";
import { resetFirebaseForTests } from "shared-auth/testing";
import {
  FILM_ORDERS,
  RenderProvider,
  byAuthor,
  matchesSearch,
  useFilmStats,
  useFilmTop,
  useFilms,
  usePostNeighbourhood,
  useQuote,
  useQuotes,
} from "../src/index";
import { FILM_TOP_SIZE, tallyKey } from "../src/film-stats";
import { withChangeMarks } from "../src/changes";
import { POST_NEIGHBOURHOOD, QUOTES_PAGE_SIZE } from "../src/limits";
import { createServerRenderStore } from "../src/server/index";
import { T, baseTree, fx } from "./rules-matrix";

const NS = `bounded-${process.pid}`;
const RULES_FILE = resolve(process.cwd(), "..", "database.rules.json");
const GROWN = 300;
let emu: RtdbEmulator;
let config: RuntimeConfig;

const realFetch = globalThis.fetch;
/** Every request the code under test sent to the database (the test's own writes are not counted). */
const requests: URL[] = [];

/** An owner's write elsewhere, with the change marks the site's writers send (a PUT of the whole database as it is). */
async function rest(method: "PUT" | "PATCH", path: string, body: unknown): Promise<void> {
  const whole = method === "PUT" && path === "";
  const updates =
    method === "PATCH"
      ? Object.fromEntries(Object.entries(body as Record<string, unknown>).map(([k, v]) => [path ? `${decodeURIComponent(path)}/${k}` : k, v]))
      : { [decodeURIComponent(path)]: body };
  const res = await realFetch(`${emu.url}/.json?ns=${NS}`, {
    method: whole ? "PUT" : "PATCH",
    headers: { authorization: "Bearer owner" },
    body: JSON.stringify(whole ? body : withChangeMarks(updates)),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status}`);
}

const pad = (i: number) => String(i).padStart(3, "0");
const AUTHORS = ["Seneca", "Marcus Aurelius", "Epictetus", "Ada Lovelace", "Grace Hopper", "Edsger W. Dijkstra", "Donald Knuth", "Barbara Liskov"];

function grownTree() {
  const posts: Record<string, unknown> = {};
  const index: Record<string, unknown> = {};
  for (let i = 0; i < GROWN; i += 1) {
    const tags = [`topic-${i % 7}`, ...(i % 3 === 0 ? ["notes"] : [])];
    const entry = { title: `Post ${pad(i)}`, summary: `Summary of post ${i}.`, tags, readingMinutes: 3, publishedAt: T + i * 60_000 };
    index[`post-${pad(i)}`] = entry;
    posts[`post-${pad(i)}`] = { ...fx.publishedPost, ...entry, body: `Body ${i}.`, createdAt: entry.publishedAt - 1000 };
  }
  const films: Record<string, unknown> = {};
  for (let i = 0; i < GROWN; i += 1) {
    // Few distinct values, so every order has long runs of ties across the window boundaries.
    films[`film-${pad(i)}`] = {
      ...fx.film,
      title: `Film ${pad(i)}`,
      rating: ((i * 7) % 11) / 2,
      year: 1960 + ((i * 13) % 9),
      watchedOn: `2024-0${1 + (i % 9)}-1${i % 5}`,
    };
  }
  films["film-far"] = { ...fx.film, title: "Solaris", directors: ["Andrei Tarkovsky"], rating: 0, year: 1900, watchedOn: "1999-01-01" };
  const quotes: Record<string, unknown> = {};
  for (let i = 0; i < GROWN; i += 1) quotes[`quote-${pad(i)}`] = { ...fx.quote, text: `Quote number ${i}.`, author: AUTHORS[i % AUTHORS.length] };
  // Last in the quotes' order: never in the first window.
  quotes["quote-old"] = { ...fx.quote, text: "Motion is impossible.", author: "Zeno of Elea" };
  // A tally per name, far more names than a top list shows: director i has i % 60 films.
  const directors: Record<string, unknown> = {};
  for (let i = 0; i < GROWN; i += 1) directors[tallyKey(`Director ${pad(i)}`)] = { name: `Director ${pad(i)}`, count: i % 60 };
  const filmTallies = { directors, countries: fx.filmTallies.countries };
  return { blog: { posts, index }, films, quotes, filmStats: { ...fx.filmStats, count: GROWN + 1 }, filmTallies };
}

/**
 * A pass-through in front of the database that records every request: the browser's hooks read
 * with fetch, the server's with Node's HTTP client, and both must be counted.
 */
let recorder: Server;
function startRecorder(target: { host: string; port: number }): Promise<number> {
  recorder = createServer((req, res) => {
    requests.push(new URL(req.url ?? "/", `http://${target.host}:${target.port}`));
    const upstream = httpRequest({ host: target.host, port: target.port, method: req.method, path: req.url, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on("error", () => res.destroy());
    req.pipe(upstream);
    res.on("close", () => upstream.destroy());
  });
  return new Promise((done) => recorder.listen(0, "127.0.0.1", () => done((recorder.address() as { port: number }).port)));
}

beforeAll(async () => {
  emu = await startRtdbEmulator({ port: 0, host: "127.0.0.1", rules: RULES_FILE });
  await rest("PUT", "", { ...baseTree("nobody"), ...grownTree() });
  const port = await startRecorder(emu);
  config = {
    firebase: { apiKey: "demo-api-key", authDomain: "", appId: "", projectId: "demo-portfolio", databaseURL: `http://127.0.0.1:${port}/?ns=${NS}` },
    emulators: { database: { host: "127.0.0.1", port } },
    remotes: {},
  };
  initFirebase(config);
});
beforeEach(() => {
  requests.length = 0;
});
afterEach(cleanup);
afterAll(async () => {
  resetFirebaseForTests();
  recorder?.closeAllConnections();
  await new Promise((done) => recorder?.close(done));
  await emu?.close();
});

const rules = JSON.parse(readFileSync(RULES_FILE, "utf8")) as { rules: Record<string, unknown> };
function indexedAt(path: string): string[] {
  let node: unknown = rules.rules;
  for (const part of path.split("/")) node = (node as Record<string, unknown> | undefined)?.[part];
  const indexOn = (node as { ".indexOn"?: string | string[] } | undefined)?.[".indexOn"];
  return typeof indexOn === "string" ? [indexOn] : (indexOn ?? []);
}

/**
 * Every request so far read one record, or a query ordered by an indexed child and limited to at
 * most `maxLimit` records. Returns them as "path?params" for the test's own checks.
 */
function expectOnlyBoundedReads(maxLimit: number): string[] {
  // The change marker (one small record: a counter per section) is read beside every page's reads.
  const reads = requests.filter((url) => url.pathname !== "/changes.json");
  expect(reads.length).toBeGreaterThan(0);
  return reads.map((url) => {
    const path = url.pathname.replace(/^\//, "").replace(/\.json$/, "");
    const p = url.searchParams;
    const orderBy = p.get("orderBy");
    const collection = ["films", "quotes", "blog/index", "filmTallies/directors", "filmTallies/countries"].includes(path);
    if (collection) {
      expect(orderBy, `${url}`).not.toBeNull();
      expect(indexedAt(path), `${path} has .indexOn for ${orderBy}`).toContain(JSON.parse(orderBy!));
      const limit = Number(p.get("limitToFirst") ?? p.get("limitToLast"));
      expect(limit, `${url} is limited`).toBeGreaterThan(0);
      expect(limit).toBeLessThanOrEqual(maxLimit);
    } else {
      // One record: a post, a quote, the films' statistics.
      expect(path, `${url}`).toMatch(/^((blog\/posts|quotes)\/[A-Za-z0-9_-]+|filmStats)$/);
    }
    return `${path}?${p.toString()}`;
  });
}

describe("the post page's neighbourhood", () => {
  const around = async (slug: string) => {
    const publishedAt = T + Number(slug.slice(-3)) * 60_000;
    const { result } = renderHook(() => usePostNeighbourhood(publishedAt));
    await waitFor(() => expect(result.current.status).toBe("ready"));
    return result;
  };

  it("reads the posts published nearest, in two bounded queries, right at both ends of the list", async () => {
    const newest = await around(`post-${pad(GROWN - 1)}`);
    expect(newest.current.data.map((e) => e.id)).toEqual(Array.from({ length: POST_NEIGHBOURHOOD + 1 }, (_, k) => `post-${pad(GROWN - 1 - k)}`));
    cleanup();
    const oldest = await around("post-000");
    expect(oldest.current.data.map((e) => e.id)).toEqual(Array.from({ length: POST_NEIGHBOURHOOD + 1 }, (_, k) => `post-${pad(POST_NEIGHBOURHOOD - k)}`));
    cleanup();
    const middle = await around("post-150");
    const ids = middle.current.data.map((e) => e.id);
    expect(ids).toHaveLength(2 * POST_NEIGHBOURHOOD + 1);
    expect(ids.indexOf("post-150")).toBe(POST_NEIGHBOURHOOD);
    expect(ids[POST_NEIGHBOURHOOD - 1]).toBe("post-151");
    expect(ids[POST_NEIGHBOURHOOD + 1]).toBe("post-149");
    const reads = expectOnlyBoundedReads(POST_NEIGHBOURHOOD + 1);
    expect(reads).toHaveLength(6); // two per post, never the whole index
  });

  it("follows a live edit of a neighbour", async () => {
    const result = await around("post-150");
    await act(() => rest("PATCH", "", { "blog/index/post-151/title": "Renamed", "blog/posts/post-151/title": "Renamed" }));
    await waitFor(() => expect(result.current.data.find((e) => e.id === "post-151")?.title).toBe("Renamed"));
  });
});

describe("the films page's windows", () => {
  it.each(Object.keys(FILM_ORDERS) as (keyof typeof FILM_ORDERS)[])(
    "ordered by %s: a grown window only adds below, in the full list's order",
    async (orderBy) => {
      const all = Object.entries(grownTree().films)
        .map(([id, f]) => ({ ...(f as typeof fx.film), id }))
        .sort(FILM_ORDERS[orderBy]);
      const { result } = renderHook(() => useFilms({ orderBy, pageSize: 40 }));
      await waitFor(() => expect(result.current.status).toBe("ready"));
      const first = result.current.data.map((f) => f.id);
      expect(first).toEqual(all.slice(0, 40).map((f) => f.id));
      act(() => result.current.loadMore());
      await waitFor(() => expect(result.current.data).toHaveLength(80));
      expect(result.current.data.map((f) => f.id)).toEqual(all.slice(0, 80).map((f) => f.id));
      expectOnlyBoundedReads(81);
    },
  );

  it("follows a live edit of a shown film", async () => {
    const { result } = renderHook(() => useFilms({ pageSize: 10 }));
    await waitFor(() => expect(result.current.status).toBe("ready"));
    const shown = result.current.data[3]!;
    await act(() => rest("PATCH", `films/${shown.id}`, { title: "Edited live" }));
    await waitFor(() => expect(result.current.data.find((f) => f.id === shown.id)?.title).toBe("Edited live"));
  });

  it("a search reads every film only when asked, and finds one far outside the first window", async () => {
    const { result } = renderHook(() => useFilms());
    await waitFor(() => expect(result.current.status).toBe("ready"));
    expect(result.current.data.some((f) => f.id === "film-far")).toBe(false);
    expectOnlyBoundedReads(51);
    const everything = renderHook(() => useFilms({ all: true })).result;
    await waitFor(() => expect(everything.current.status).toBe("ready"));
    expect(everything.current.data.filter((f) => matchesSearch("tarkovsky solaris", [f.title, ...f.directors])).map((f) => f.id)).toEqual(["film-far"]);
  });
});

describe("the films page's numbers", () => {
  it("read the statistics record and the top names by one bounded query each, whatever the number of names, and follow a change", async () => {
    const { result } = renderHook(() => ({ stats: useFilmStats(), directors: useFilmTop("directors") }));
    await waitFor(() => expect(result.current.directors.status).toBe("ready"));
    await waitFor(() => expect(result.current.stats.status).toBe("ready"));
    expect(result.current.stats.data?.count).toBe(GROWN + 1);
    // Director i has i % 60 films: the five with 59 are 59, 119, ... 299, listed by name.
    expect(result.current.directors.data).toEqual([59, 119, 179, 239, 299].map((i) => ({ name: `Director ${pad(i)}`, count: 59 })));
    expect(expectOnlyBoundedReads(FILM_TOP_SIZE).sort()).toEqual(
      ["filmStats?ns=" + NS, `filmTallies/directors?ns=${NS}&orderBy=%22count%22&limitToLast=${FILM_TOP_SIZE}`].sort(),
    );
    await act(() =>
      // The key holds "%" (tallyKey), which a URL must escape.
      rest("PATCH", `filmTallies/directors/${encodeURIComponent(tallyKey("Director 000"))}`, { count: 70 }),
    );
    await waitFor(() => expect(result.current.directors.data[0]).toEqual({ name: "Director 000", count: 70 }));
    expect(result.current.directors.data).toHaveLength(FILM_TOP_SIZE);
  });
});

describe("the quotes page", () => {
  it("reads a window by author; a grown window only adds below", async () => {
    const all = Object.entries(grownTree().quotes)
      .map(([id, q]) => ({ ...(q as typeof fx.quote), id }))
      .sort(byAuthor);
    const { result } = renderHook(() => useQuotes());
    await waitFor(() => expect(result.current.status).toBe("ready"));
    expect(result.current.data.map((q) => q.id)).toEqual(all.slice(0, QUOTES_PAGE_SIZE).map((q) => q.id));
    expect(result.current.hasMore).toBe(true);
    act(() => result.current.loadMore());
    await waitFor(() => expect(result.current.data).toHaveLength(2 * QUOTES_PAGE_SIZE));
    expect(result.current.data.map((q) => q.id)).toEqual(all.slice(0, 2 * QUOTES_PAGE_SIZE).map((q) => q.id));
    expectOnlyBoundedReads(2 * QUOTES_PAGE_SIZE + 1);
  });

  it("renders a deep-linked old quote on the server, reading that quote and one window only", async () => {
    function LinkedQuote() {
      const linked = useQuote("quote-old");
      const list = useQuotes();
      return (
        <main>
          <p id="linked">{linked.data?.text}</p>
          <p id="window">{list.data.length}</p>
        </main>
      );
    }
    const store = createServerRenderStore(config, window);
    const { prelude } = await prerender(
      <RenderProvider store={store}>
        <Suspense fallback="loading">
          <LinkedQuote />
        </Suspense>
      </RenderProvider>,
    );
    const html = await new Response(prelude).text();
    expect(html).toContain('<p id="linked">Motion is impossible.</p>');
    expect(html).toContain(`<p id="window">${QUOTES_PAGE_SIZE}</p>`);
    expect(expectOnlyBoundedReads(QUOTES_PAGE_SIZE + 1)).toHaveLength(2);
  });

  it("follows a live edit of the linked quote; an unknown id is null without a read", async () => {
    const { result } = renderHook(() => ({ linked: useQuote("quote-old"), unknown: useQuote("no.such") }));
    await waitFor(() => expect(result.current.linked.status).toBe("ready"));
    expect(result.current.unknown).toMatchObject({ status: "ready", data: null });
    await act(() => rest("PATCH", "quotes/quote-old", { text: "Motion is an illusion." }));
    await waitFor(() => expect(result.current.linked.data?.text).toBe("Motion is an illusion."));
    expect(requests.every((u) => !u.pathname.includes("no.such"))).toBe(true);
  });
});

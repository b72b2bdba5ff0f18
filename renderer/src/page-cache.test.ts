import { RenderStore } from "shared-content/server";
import { describe, expect, it } from "vitest";
import { ReusedBody } from "./http";
import { createPageCache } from "./page-cache";

/** A request's store over `data` (path -> value; a missing path fails as unavailable), counting its reads. */
function storeOver(data: Record<string, unknown>) {
  const asked: string[] = [];
  const store = new RenderStore(undefined, {
    read: async (path) => {
      asked.push(path);
      if (!(path in data)) throw Object.assign(new Error("down"), { code: "unavailable" });
      return data[path];
    },
    compileMarkdown: () => ({ html: "", toc: [] }),
    sanitiseHtml: (html) => html,
  });
  return { store, asked };
}

const POST = { path: "blog/posts/a" };
const page = (text: string) => ({ status: 200, headers: { "Cache-Control": "public" }, body: new ReusedBody(text) });

/** Renders a page (reads the post) on a store over `data` and keeps it under `key`. */
async function keep(cache: ReturnType<typeof createPageCache>, key: string, data: Record<string, unknown>, text: string) {
  const { store } = storeOver(data);
  await store.load(POST);
  cache.keep(key, store, page(text));
}

describe("the page cache", () => {
  const data = { changes: { blog: 1 }, "blog/posts/a": { title: "A" } };

  it("sends a kept page again when every read gives what it was made from, after reading them again", async () => {
    const cache = createPageCache();
    const key = cache.key("/blogs/a", "{}", "renderer:1");
    await keep(cache, key, data, "<html>A</html>");
    const { store, asked } = storeOver(data);
    expect((await cache.lookup(key, store))?.body.text).toBe("<html>A</html>");
    expect(asked.sort()).toEqual(["blog/posts/a", "changes"]);
  });

  it("renders anew when a value changed, even without a change mark (a write that did not bump the marker)", async () => {
    const cache = createPageCache();
    const key = cache.key("/blogs/a", "{}", "renderer:1");
    await keep(cache, key, data, "<html>A</html>");
    const { store } = storeOver({ ...data, "blog/posts/a": { title: "B" } });
    expect(await cache.lookup(key, store)).toBeNull();
  });

  it("renders anew when a read fails, and for another address, config or build", async () => {
    const cache = createPageCache();
    const key = cache.key("/blogs/a", "{}", "renderer:1");
    await keep(cache, key, data, "<html>A</html>");
    expect(await cache.lookup(key, storeOver({ changes: data.changes }).store)).toBeNull();
    for (const other of [
      cache.key("/blogs/a?x", "{}", "renderer:1"),
      cache.key("/blogs/a", '{"a":1}', "renderer:1"),
      cache.key("/blogs/a", "{}", "renderer:2"),
    ]) {
      expect(await cache.lookup(other, storeOver(data).store)).toBeNull();
    }
  });

  it("keeps a page for `maxAgeMs` at most", async () => {
    const cache = createPageCache({ maxAgeMs: 20 });
    const key = cache.key("/", "{}", "renderer:1");
    await keep(cache, key, data, "<html>A</html>");
    await new Promise((r) => setTimeout(r, 40));
    expect(await cache.lookup(key, storeOver(data).store)).toBeNull();
  });

  it("compresses a kept body once per encoding", () => {
    const body = new ReusedBody("x".repeat(4096));
    const first = body.compressed("br, gzip");
    expect(first.encoding).toBe("br");
    expect(body.compressed("gzip, br")).toBe(first);
    expect(body.compressed("gzip").encoding).toBe("gzip");
    expect(body.compressed("").encoding).toBeUndefined();
  });
});

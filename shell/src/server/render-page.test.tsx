// @vitest-environment node
import { describe, expect, it, vi } from "vitest";
import { RenderStore } from "shared-content";
import { renderPage, screenIn, type RemoteLoader } from "./render-page";

function page(path: string, screen: () => Promise<unknown>) {
  const store = new RenderStore(undefined, { read: async () => null, compileMarkdown: (source) => ({ html: source, toc: [] }), sanitiseHtml: (html) => html });
  // The release each remote's prepared build is (the renderer's loader knows it from the manifest).
  const loader: RemoteLoader = {
    load: async (remote, module) => screenIn(await screen(), remote, module),
    incompatibility: () => null,
    release: (remote) => (remote === "remote_blog" ? "1.4.0-3f2a9c01bd" : "1.0.0-aaaa"),
  };
  return renderPage(path, { store, loader });
}

describe("a server render reports what kept the page from being whole", () => {
  it("a screen that renders: its slot, no failure, no error", async () => {
    const rendered = await page("/blogs/list", async () => ({ default: () => <p>The list</p> }));
    expect(rendered.html).toContain("<p>The list</p>");
    expect(rendered.slots).toEqual(["remote_blog/BlogListPage"]);
    expect(rendered.failedSlots).toEqual([]);
    expect(rendered.errors).toEqual([]);
    // The release it was rendered with (the X-Remote-Releases header): only the remotes the page used.
    expect(rendered.releases).toEqual({ remote_blog: "1.4.0-3f2a9c01bd" });
  });

  it("a remote that cannot be loaded: its slot among the failed ones", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const rendered = await page("/blogs/list", async () => Promise.reject(new Error("remote down")));
    expect(rendered.failedSlots).toEqual(["remote_blog/BlogListPage"]);
    expect(rendered.html).toContain("This part of the page could not be loaded.");
    expect(rendered.releases).toEqual({});
  });

  it("a screen that throws while rendering: the error, since React sends its loading placeholder instead", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const rendered = await page("/blogs/list", async () => ({
      default: () => {
        throw new Error("broken screen");
      },
    }));
    expect(rendered.errors.map(String)).toEqual(["Error: broken screen"]);
    expect(rendered.html).toContain("Loading…");
  });
});

// @vitest-environment jsdom
import { renderToString } from "react-dom/server";
import { act } from "react";
import { hydrateRoot } from "react-dom/client";
import { cleanup } from "@testing-library/react";
import { initFirebase } from "shared-auth";
import { type RuntimeConfig } from "runtime-config";
import { resetFirebaseForTests } from "shared-auth/testing";
import { afterEach, describe, expect, it } from "vitest";
import { RenderProvider, RenderStore } from "../snapshot/render-store";
import { Picture, type PictureProps } from "./picture";

afterEach(() => {
  cleanup();
  resetFirebaseForTests();
});

const storage = { origin: "http://127.0.0.1:9720", bucket: "demo-portfolio.appspot.com" };
const id = "0123456789abcdef-1600x900";
const variant = (width: number, ext: string) => `${storage.origin}/v0/b/${storage.bucket}/o/media%2F${id}%2F${width}.${ext}?alt=media`;
const placeholder = "data:image/webp;base64,UklGRiIAAABXRUJQVlA4IBYAAAAwAQCdASoBAAEADsD+JaQAA3AAAAAA";
const image = { id, alt: "A lighthouse at dusk", placeholder, focus: { x: 30, y: 70 } };
const cover: PictureProps = { url: variant(1280, "jpg"), image, sizes: "(min-width: 48rem) 46rem, 100vw" };

/** The element as the server writes it: rendered with a server render store that knows the bucket. */
function serverHtml(props: PictureProps): HTMLElement {
  const store = new RenderStore(undefined, { read: async () => null, compileMarkdown: (s) => ({ html: s, toc: [] }), sanitiseHtml: (h) => h, media: storage });
  const div = document.createElement("div");
  div.innerHTML = renderToString(
    <RenderProvider store={store}>
      <Picture {...props} />
    </RenderProvider>,
  );
  return div;
}

describe("<Picture>", () => {
  it("renders an upload as <picture>: a WebP source and a JPEG img over the ladder, sized, described, placeheld, focused", () => {
    const root = serverHtml(cover);
    const source = root.querySelector("picture > source")!;
    const img = root.querySelector("picture > img")!;
    expect(source.getAttribute("type")).toBe("image/webp");
    expect(source.getAttribute("srcset")).toBe([320, 640, 960, 1280, 1600].map((w) => `${variant(w, "webp")} ${w}w`).join(", "));
    expect(source.getAttribute("sizes")).toBe(cover.sizes);
    expect(img.getAttribute("srcset")).toBe([320, 640, 960, 1280, 1600].map((w) => `${variant(w, "jpg")} ${w}w`).join(", "));
    expect(img.getAttribute("sizes")).toBe(cover.sizes);
    expect(img.getAttribute("src")).toBe(variant(1280, "jpg"));
    expect([img.getAttribute("width"), img.getAttribute("height")]).toEqual(["1600", "900"]);
    expect(img.getAttribute("alt")).toBe("A lighthouse at dusk");
    const style = (img as HTMLImageElement).style;
    expect(style.backgroundImage).toBe(`url("${placeholder}")`);
    expect(style.backgroundSize).toBe("cover");
    expect(style.objectPosition).toBe("30% 70%");
    expect(style.backgroundPosition).toBe("30% 70%");
  });

  it("loads lazily and decodes off the main thread, except the likely largest paint, which is fetched first", () => {
    const lazy = serverHtml(cover).querySelector("img")!;
    expect([lazy.getAttribute("loading"), lazy.getAttribute("decoding"), lazy.getAttribute("fetchpriority")]).toEqual(["lazy", "async", null]);
    const first = serverHtml({ ...cover, priority: true }).querySelector("img")!;
    expect([first.getAttribute("loading"), first.getAttribute("decoding"), first.getAttribute("fetchpriority")]).toEqual([null, null, "high"]);
  });

  it("shows a URL typed by hand as today's plain <img>, in the layout's box, decorative", () => {
    const root = serverHtml({ url: "https://example.com/photo.png", sizes: "64px", width: 64, height: 96, className: "poster" });
    expect(root.querySelector("picture")).toBeNull();
    const img = root.querySelector("img")!;
    expect(img.outerHTML).toBe('<img class="poster" src="https://example.com/photo.png" alt="" loading="lazy" decoding="async" width="64" height="96">');
  });

  it("renders nothing for an unsafe or missing URL without an upload", () => {
    expect(serverHtml({ url: "javascript:alert(1)", sizes: "64px" }).innerHTML).toBe("");
    expect(serverHtml({ url: undefined, sizes: "64px" }).innerHTML).toBe("");
  });

  it("without a bucket in the config, shows an upload's URL sized and described by its ImageRef", () => {
    const store = new RenderStore(undefined, { read: async () => null, compileMarkdown: (s) => ({ html: s, toc: [] }), sanitiseHtml: (h) => h, media: null });
    const html = renderToString(
      <RenderProvider store={store}>
        <Picture {...cover} width={1200} height={630} />
      </RenderProvider>,
    );
    expect(html).not.toContain("<picture");
    expect(html).toContain('width="1600" height="900"');
    expect(html).toContain('alt="A lighthouse at dusk"');
  });

  it("refuses a malformed ImageRef's id and placeholder rather than writing them into markup", () => {
    const root = serverHtml({ ...cover, image: { ...image, id: "../../x-1x1", placeholder: 'data:image/png;base64,A") , url("https://evil' } });
    expect(root.querySelector("picture")).toBeNull();
    expect(root.querySelector("img")!.getAttribute("style")).toBeNull();
  });

  it("hydrates in the browser to the server's markup, reading the bucket from shared-auth's config", async () => {
    const config: RuntimeConfig = {
      firebase: {
        apiKey: "k",
        authDomain: "",
        projectId: "demo-portfolio",
        appId: "",
        databaseURL: "http://127.0.0.1:9710?ns=demo",
        storageBucket: storage.bucket,
      },
      emulators: { storage: { host: "127.0.0.1", port: 9720 } },
      remotes: {},
    };
    initFirebase(config);
    const server = serverHtml({ ...cover, priority: true });
    const html = server.innerHTML;
    const mismatches: unknown[] = [];
    await act(async () => {
      hydrateRoot(server, <Picture {...cover} priority />, { onRecoverableError: (error) => mismatches.push(error) });
    });
    expect(mismatches).toEqual([]);
    expect(server.innerHTML).toBe(html);
    expect(server.querySelector("source")?.getAttribute("srcset")).toContain("http://127.0.0.1:9720/");
  });
});

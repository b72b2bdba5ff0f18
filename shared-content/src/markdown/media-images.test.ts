// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { mediaUrl } from "../media";
import { MARKDOWN_IMAGE_SIZES } from "./media-images";
import { renderMarkdown } from "./render-markdown";

const storage = { origin: "http://127.0.0.1:9720", bucket: "demo-portfolio.appspot.com" };
const id = "fedcba9876543210-1000x750";

const dom = (html: string) => {
  const div = document.createElement("div");
  div.innerHTML = html;
  return div;
};

describe("markdown images of uploaded pictures", () => {
  it("become the responsive picture: WebP source and JPEG ladder, sized, lazy, alt from the markdown", () => {
    const html = renderMarkdown(`Before\n\n![A harbour at noon](${mediaUrl(storage, id, 640, "jpeg")} "Harbour")\n\nAfter`, storage);
    const root = dom(html);
    const picture = root.querySelector("p > picture")!;
    expect(picture).not.toBeNull();
    const source = picture.querySelector("source")!;
    expect(source.getAttribute("type")).toBe("image/webp");
    expect(source.getAttribute("srcset")).toBe([320, 640, 960, 1000].map((w) => `${mediaUrl(storage, id, w, "webp")} ${w}w`).join(", "));
    expect(source.getAttribute("sizes")).toBe(MARKDOWN_IMAGE_SIZES);
    const img = picture.querySelector("img")!;
    expect(img.getAttribute("srcset")).toBe([320, 640, 960, 1000].map((w) => `${mediaUrl(storage, id, w, "jpeg")} ${w}w`).join(", "));
    expect(img.getAttribute("src")).toBe(mediaUrl(storage, id, 1000, "jpeg"));
    expect(img.getAttribute("sizes")).toBe(MARKDOWN_IMAGE_SIZES);
    expect([img.getAttribute("width"), img.getAttribute("height")]).toEqual(["1000", "750"]);
    expect([img.getAttribute("alt"), img.getAttribute("title")]).toEqual(["A harbour at noon", "Harbour"]);
    expect([img.getAttribute("loading"), img.getAttribute("decoding")]).toEqual(["lazy", "async"]);
    expect(root.textContent).toContain("After");
  });

  it("leave images elsewhere (another bucket, another host, not a variant) as written", () => {
    const other = { ...storage, bucket: "someone-else.appspot.com" };
    const source = [
      `![a](${mediaUrl(other, id, 640, "jpeg")})`,
      "![b](https://example.com/photo.jpg)",
      `![c](${storage.origin}/v0/b/${storage.bucket}/o/media%2F${id}%2Foriginal.png?alt=media)`,
    ].join("\n\n");
    const html = renderMarkdown(source, storage);
    expect(html).toBe(renderMarkdown(source));
    expect(dom(html).querySelectorAll("picture, [srcset]")).toHaveLength(0);
  });

  it("still refuses picture, source, srcset and style written in the text itself", () => {
    const html = renderMarkdown(
      `<picture><source srcset="https://tracker.example/a.webp 1w" type="image/webp"><img src="https://example.com/a.jpg" srcset="https://tracker.example/b.jpg 1w" style="position:fixed" alt="x"></picture>`,
      storage,
    );
    const root = dom(html);
    expect(root.querySelectorAll("source, [srcset], [style]")).toHaveLength(0);
    expect(root.querySelector("img")?.getAttribute("src")).toBe("https://example.com/a.jpg");
  });

  it("without a bucket, stay plain images", () => {
    const html = renderMarkdown(`![x](${mediaUrl(storage, id, 640, "jpeg")})`);
    expect(dom(html).querySelector("picture")).toBeNull();
    expect(dom(html).querySelector("img")?.getAttribute("loading")).toBe("lazy");
  });
});

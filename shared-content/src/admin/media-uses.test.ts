import { describe, expect, it } from "vitest";
import { mediaUrl, shareImage } from "../media";
import { describeUses, markdownAlt, mediaUses, rewriteUses, type UseSources } from "./media-uses";

const storage = { origin: "http://127.0.0.1:9199", bucket: "demo-portfolio.appspot.com" };
const A = "0123456789abcdef-1600x1200";
const B = "fedcba9876543210-800x600";
const share = (id: string) => shareImage(storage, id).url;

const sources = (): UseSources => ({
  about: { headline: "Hi", bio: "Me", avatarUrl: share(A), avatarImage: { id: A, alt: "Me smiling" }, rev: 3 },
  projects: { p1: { title: "Boat", summary: "A boat", image: { id: B, alt: "The boat" }, imageUrl: share(B), rev: 1 } },
  posts: {
    hello: {
      title: "Hello",
      summary: "First",
      body: `Intro\n\n![A [bright] harbour](${share(A)})\n\nAnd ![other](https://example.com/x.jpg) and ${mediaUrl(storage, A, 320, "webp")}`,
      status: "published",
      rev: 2,
    },
  },
  drafts: { soon: { title: "Soon", summary: "Later", body: "Nothing", coverUrl: share(B), coverImage: { id: B, alt: "The boat" }, rev: 1 } },
  films: null,
});

describe("where a picture is used", () => {
  it("finds ImageRefs and variant URLs (fields and markdown) in every kind of content, drafts included", () => {
    const uses = mediaUses(sources(), storage);
    expect(uses.get(A)).toEqual([
      { path: "site/about", kind: "avatar", label: "the avatar (About)", fields: ["avatarUrl", "avatarImage"] },
      { path: "blog/posts/hello", kind: "post", label: "post “Hello”", fields: ["body"] },
    ]);
    expect(uses.get(B)?.map((u) => u.label)).toEqual(["project “Boat”", "draft “Soon”"]);
    expect(uses.size).toBe(2);
    expect(describeUses(uses.get(A) ?? [])).toBe("the avatar (About) and post “Hello”");
    expect(describeUses([...(uses.get(A) ?? []), ...(uses.get(B) ?? [])], 2)).toBe("the avatar (About), post “Hello” and 2 more");
  });

  it("ignores URLs of other buckets and hosts", () => {
    const other = { ...storage, bucket: "someone-else" };
    expect(
      mediaUses({ ...sources(), posts: { x: { title: "X", body: `![a](${shareImage(other, A).url})` } } }, storage)
        .get(A)
        ?.map((u) => u.path),
    ).toEqual(["site/about"]);
  });
});

describe("every use follows a change", () => {
  it("a new alt text: each ImageRef's alt and each markdown image's alt, other images untouched", () => {
    const s = sources();
    const about = rewriteUses(s.about, A, storage, { alt: "Me, smiling [2024]" }) as Record<string, unknown>;
    expect(about.avatarImage).toEqual({ id: A, alt: "Me, smiling [2024]" });
    const post = rewriteUses((s.posts as Record<string, Record<string, string>>).hello!, A, storage, { alt: "Me, smiling [2024]" });
    expect(post.body).toContain(`![Me, smiling \\[2024\\]](${share(A)})`);
    expect(post.body).toContain("![other](https://example.com/x.jpg)");
    // A record that does not use it is returned as it is.
    expect(rewriteUses(s.drafts, A, storage, { alt: "x" })).toBe(s.drafts);
  });

  it("another picture in its place: ids, placeholders and every URL (any variant) point at the new one, alt kept", () => {
    const s = sources();
    const change = { replaceWith: { id: B, url: share(B), placeholder: "data:image/webp;base64,AAAA" } };
    const about = rewriteUses(s.about, A, storage, change) as Record<string, unknown>;
    expect(about.avatarImage).toEqual({ id: B, alt: "Me smiling", placeholder: "data:image/webp;base64,AAAA" });
    expect(about.avatarUrl).toBe(share(B));
    const post = rewriteUses((s.posts as Record<string, Record<string, string>>).hello!, A, storage, change);
    expect(post.body).not.toContain(A);
    expect(post.body).toContain(`![A [bright] harbour](${share(B)})`);
  });

  it("escapes brackets in markdown alt text", () => {
    expect(markdownAlt("a [b] c\nd")).toBe("a \\[b\\] c d");
  });
});

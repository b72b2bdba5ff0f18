import { describe, expect, it } from "vitest";
import { postRemoval, postUpdates, type StoredPost } from "./blog";
import { partPosition, seriesOf } from "./series";

const post = (patch: Partial<StoredPost> = {}): StoredPost => ({
  title: "Caching, part two",
  summary: "More caching.",
  tags: ["web"],
  status: "published",
  readingMinutes: 3,
  publishedAt: 1,
  series: { slug: "caching", title: "Caching", part: 2 },
  ...patch,
});

describe("a series' bookkeeping in the post writes", () => {
  it("writes a published post's part with the post, in the same update", () => {
    expect(postUpdates("caching-2", post())).toMatchObject({
      "blog/posts/caching-2": { title: "Caching, part two" },
      "blog/series/caching/caching-2": { seriesTitle: "Caching", title: "Caching, part two", part: 2 },
    });
  });

  it("keeps a draft's part out of the public record", () => {
    expect(postUpdates("caching-2", post({ status: "draft" }))).toMatchObject({ "blog/series/caching/caching-2": null, "blog/posts/caching-2": null });
  });

  it("removes the part from the series the post left, and writes it in the new one", () => {
    const updates = postUpdates("caching-2", post({ series: { slug: "speed", title: "Speed", part: 1 } }), "caching");
    expect(updates["blog/series/caching/caching-2"]).toBeNull();
    expect(updates["blog/series/speed/caching-2"]).toEqual({ seriesTitle: "Speed", title: "Caching, part two", part: 1 });
    const leftAll = postUpdates("caching-2", post({ series: undefined }), "caching");
    expect(leftAll["blog/series/caching/caching-2"]).toBeNull();
    expect(Object.keys(leftAll).filter((k) => k.startsWith("blog/series/"))).toEqual(["blog/series/caching/caching-2"]);
  });

  it("touches no series for a post outside any, and a delete removes the part with the schedule", () => {
    expect(Object.keys(postUpdates("plain", post({ series: undefined }))).some((k) => k.startsWith("blog/series"))).toBe(false);
    expect(postRemoval("caching-2", "caching")).toMatchObject({ "blog/series/caching/caching-2": null, "blog/schedule/caching-2": null });
    expect(Object.keys(postRemoval("plain")).some((k) => k.startsWith("blog/series"))).toBe(false);
  });
});

describe("a series as visitors read it", () => {
  const raw = {
    "caching-3": { seriesTitle: "Caching", title: "Three", part: 3 },
    "caching-1": { seriesTitle: "Caching", title: "One", part: 1 },
    "caching-1b": { seriesTitle: "Caching", title: "One and a half", part: 1 },
    broken: { title: "No series title", part: 2 },
  };

  it("orders the parts by number, then slug, and leaves out what does not decode", () => {
    const series = seriesOf("caching", raw, "blog/series/caching");
    expect(series?.title).toBe("Caching");
    expect(series?.parts.map((p) => p.id)).toEqual(["caching-1", "caching-1b", "caching-3"]);
  });

  it("says Part n of m among the published parts", () => {
    const series = seriesOf("caching", raw, "blog/series/caching")!;
    expect(partPosition(series, "caching-3")).toEqual({ n: 3, m: 3 });
    expect(partPosition(series, "caching-1")).toEqual({ n: 1, m: 3 });
    expect(partPosition(series, "unpublished")).toBeNull();
  });

  it("is null with no published part", () => {
    expect(seriesOf("gone", null, "blog/series/gone")).toBeNull();
    expect(seriesOf("gone", {}, "blog/series/gone")).toBeNull();
  });
});

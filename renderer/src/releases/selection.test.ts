import { describe, expect, it } from "vitest";
import { signPreview } from "release-protocol/preview-token";
import { cohortBucket } from "./cohort";
import { PREVIEW_NOTICES, readSession, selectReleases, type SelectionInput } from "./selection";

const secret = "k".repeat(40);
const live = { remote_blog: "https://blog.example/mf-manifest.json", remote_home: "https://home.example/mf-manifest.json" };
const candidate = "https://blog.example/previews/1.4.0-ab/mf-manifest.json";
const now = 1_800_000_000_000;
const token = (over: Partial<{ remote: string; expiresAt: number; issuedAt: number }> = {}) =>
  signPreview({ remote: "remote_blog", manifestUrl: candidate, issuedAt: now / 1000 - 60, expiresAt: now / 1000 + 3600, ...over }, secret);
const select = (over: Partial<SelectionInput>) =>
  selectReleases({ cookieHeader: undefined, path: "/blogs/list", search: "", live, secret, now, secure: true, ...over });

describe("selectReleases", () => {
  it("renders every remote live, with no header of its own (the page keeps its CDN caching), for an ordinary request", () => {
    const s = select({ cookieHeader: "other=1" });
    expect(s).toMatchObject({
      remotes: live,
      variants: { remote_blog: "live", remote_home: "live" },
      preview: null,
      notice: null,
      redirect: null,
      setCookie: [],
    });
    expect(s.headers).toEqual({});
  });

  it("turns a valid link into an HttpOnly, SameSite=Lax, Secure cookie that lasts until it expires, and redirects to the clean URL", () => {
    const s = select({ search: `?page=2&preview=${token()}` });
    expect(s.redirect).toBe("/blogs/list?page=2");
    expect(s.setCookie).toHaveLength(1);
    expect(s.setCookie[0]).toMatch(/^__session=preview%3D[^;]+; Path=\/; Max-Age=3600; HttpOnly; SameSite=Lax; Secure$/);
    expect(s.headers).toEqual({ "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" });
    expect(s.remotes).toEqual(live); // the redirect renders nothing
    expect(select({ search: `?preview=${token()}`, secure: false }).setCookie[0]).not.toContain("Secure");
  });

  it("renders the candidate for the remote the cookie names, privately and unindexed", () => {
    const cookieHeader = select({ search: `?preview=${token()}` }).setCookie[0]!.split(";")[0];
    const s = select({ cookieHeader: `theme=dark; ${cookieHeader}` });
    expect(s.remotes).toEqual({ ...live, remote_blog: candidate });
    expect(s.variants).toEqual({ remote_blog: "preview", remote_home: "live" });
    expect(s.preview).toEqual({ remote: "remote_blog", manifestUrl: candidate, expiresAt: now + 3_600_000 });
    expect(s).toMatchObject({ notice: null, redirect: null, setCookie: [] });
    expect(s.headers).toEqual({ "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" });
  });

  it("gives a forged, altered or expired link the live release and a notice, without touching the cookie", () => {
    const forged = signPreview({ remote: "remote_blog", manifestUrl: candidate, issuedAt: 0, expiresAt: now / 1000 + 3600 }, "x".repeat(40));
    for (const [link, notice] of [
      [forged, PREVIEW_NOTICES.invalid],
      [token().replace(/^.{4}/, "eyJz"), PREVIEW_NOTICES.invalid],
      [token({ expiresAt: now / 1000 - 1 }), PREVIEW_NOTICES.expired],
      [token({ remote: "remote_unknown" }), PREVIEW_NOTICES.invalid],
    ] as const) {
      const s = select({ search: `?preview=${encodeURIComponent(link)}` });
      expect(s).toMatchObject({ remotes: live, preview: null, notice, redirect: null, setCookie: [] });
      expect(s.headers["Cache-Control"]).toBe("private, no-store");
    }
  });

  it("ends a preview whose cookie has expired or been revoked, clearing it, with a notice", () => {
    const expired = select({ cookieHeader: `__session=preview%3D${token({ expiresAt: now / 1000 - 1 })}` });
    expect(expired).toMatchObject({ remotes: live, preview: null, notice: PREVIEW_NOTICES.expired });
    expect(expired.setCookie[0]).toMatch(/^__session=; Path=\/; Max-Age=0;/);
    const revoked = select({ cookieHeader: `__session=preview%3D${token()}`, revokedBefore: { remote_blog: now / 1000 } });
    expect(revoked).toMatchObject({ remotes: live, preview: null, notice: PREVIEW_NOTICES.revoked });
  });

  it("leaves a preview on ?leave-preview: clears the cookie and redirects to the clean URL", () => {
    const s = select({ cookieHeader: `__session=preview%3D${token()}`, search: "?leave-preview=1&page=3" });
    expect(s).toMatchObject({ remotes: live, preview: null, redirect: "/blogs/list?page=3" });
    expect(s.setCookie[0]).toMatch(/^__session=; Path=\/; Max-Age=0; HttpOnly/);
  });

  it("refuses every link when the renderer has no secret", () => {
    expect(select({ secret: null, search: `?preview=${token()}` }).notice).toBe(PREVIEW_NOTICES.invalid);
  });

  it("puts a visitor in a sticky canary cohort (their id in the same cookie, hashed with the canary's release), a preview of the remote winning", () => {
    const canaries = { remote_home: { manifestUrl: "https://home.example/canary/mf-manifest.json", release: "1.0.1-bbbbbbbbbb", percent: 50 } };
    // Two visitor ids, ordered by their bucket for this release: one below the 50 % line, one above.
    const [inside, outside] = ["AAAAAAAAAAAAAAAAAAAAAA", "BBBBBBBBBBBBBBBBBBBBBB"].sort(
      (a, b) => cohortBucket("1.0.1-bbbbbbbbbb", a) - cohortBucket("1.0.1-bbbbbbbbbb", b),
    );
    expect(cohortBucket("1.0.1-bbbbbbbbbb", inside!)).toBeLessThan(50);
    expect(cohortBucket("1.0.1-bbbbbbbbbb", outside!)).toBeGreaterThanOrEqual(50);
    const first = select({ canaries, newVisitor: () => inside! });
    expect(first.variants.remote_home).toBe("canary");
    // A cohort alone is not a private page: the cookie waits for the handler (it sends it with a page that shows the remote).
    expect(first.setCookie).toEqual([]);
    expect(first.headers).toEqual({});
    const cookie = first.visitorCookie!.split(";")[0]!;
    expect(first.visitorCookie).toMatch(/; Max-Age=31536000; HttpOnly; SameSite=Lax; Secure$/);
    expect(readSession(cookie).get("visitor")).toBe(inside);
    const again = select({ canaries, cookieHeader: cookie, newVisitor: () => outside! });
    expect(again.variants.remote_home).toBe("canary");
    expect(again.visitorCookie).toBeNull();
    expect(select({ canaries, newVisitor: () => outside! }).variants.remote_home).toBe("live");
    // A preview of the same remote wins over its canary.
    const previewed = select({
      canaries: { remote_blog: { ...canaries.remote_home, manifestUrl: "https://blog.example/c/mf-manifest.json" } },
      cookieHeader: `__session=preview%3D${token()}%26visitor%3D${inside!}`,
    });
    expect(previewed.variants.remote_blog).toBe("preview");
  });
});

describe("the redirect after a link", () => {
  it("stays on this site even for a path that starts with two slashes", () => {
    expect(select({ path: "//evil.example/x", search: `?preview=${token()}` }).redirect).toBe("/evil.example/x");
    expect(select({ path: "/\\evil.example", search: "?leave-preview" }).redirect).toBe("/evil.example");
  });
});

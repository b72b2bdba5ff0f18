// How long shared caches may keep the renderer's responses (renderer/README.md, "Caching").

/**
 * How long shared caches (the CDN) may keep a response (`fresh`), then serve it stale while they
 * fetch a fresh copy in the background (`stale`). A rendered page opens live streams that correct
 * it within a second of hydration, so it may be served stale for a day: on a site visited a few
 * times a day most visits then get a cached copy instead of waiting for a cold renderer, and at
 * worst a reader without scripts (a crawler) gets a copy `fresh + stale` old. What nothing
 * corrects keeps a short window: the feed and the sitemap (read by programs), and a not-found
 * page (a post published after someone asked for its address must not stay a 404 for a day).
 */
export const CACHE_SECONDS = {
  page: { fresh: 60, stale: 86_400 },
  uncorrected: { fresh: 30, stale: 60 },
} as const;

/**
 * A page that renders a remote under a canary depends on the visitor's cohort (their `__session`
 * cookie), whichever release it got: no shared cache may keep it. Firebase Hosting's CDN also keys
 * on `__session` when a request carries it, and on the headers `Vary` names (docs/releases.md, "Canaries").
 */
export const COHORT_CACHE = { "Cache-Control": "private, no-cache", Vary: "Accept-Encoding, Cookie" } as const;

/** The Cache-Control of a cacheable response of one of `CACHE_SECONDS`' kinds. */
export function publicCache(kind: keyof typeof CACHE_SECONDS): string {
  const { fresh, stale } = CACHE_SECONDS[kind];
  return `public, max-age=0, s-maxage=${fresh}, stale-while-revalidate=${stale}`;
}

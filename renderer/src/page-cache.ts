// Rendered pages kept for a short while, and sent again only when everything they were made from
// is the same: the address, the config, the remotes' builds, and every value the page read. The
// reads are performed again for each request (a page is never older than the database), and only
// the rendering, the document and its compression are saved: under load they are most of a
// request's work (docs/benchmarks.md, "bench:load"). The change marker alone would be a cheaper
// check, but a write without marks (an import, the whole database replaced) would go unseen.
import { LRUCache } from "lru-cache";
import type { LiveRead } from "shared-content";
import type { RenderStore } from "shared-content/server";
import type { ReusedBody } from "./http";

/** A page sent whole, as it was sent. */
export interface KeptPage {
  /** Every read the page performed, and their values as the page embedded them. */
  reads: LiveRead[];
  values: string;
  status: number;
  headers: Record<string, string>;
  body: ReusedBody;
}

export interface PageCacheOptions {
  /** How long a page is reused at most: what depends on the clock (the year in the footer) is at most this old. */
  maxAgeMs?: number;
  /** Bytes held at most (pages' text and encodings, counted as characters and bytes). */
  maxBytes?: number;
}

export function createPageCache({ maxAgeMs = 60_000, maxBytes = 32 * 1024 * 1024 }: PageCacheOptions = {}) {
  const pages = new LRUCache<string, KeptPage>({
    maxSize: maxBytes,
    ttl: maxAgeMs,
    sizeCalculation: (page) => Math.max(1, page.body.size + page.values.length),
  });
  return {
    /** A page's key: its address, the config the browser is given, and the builds it is rendered with. */
    key: (address: string, configJson: string, generation: string) => `${address}\n${generation}\n${configJson}`,
    /**
     * The kept page for `key` if the database still holds what it was made from: its reads are
     * performed on `store` (the request's, so a page made anew reuses them) and compared.
     */
    async lookup(key: string, store: RenderStore): Promise<KeptPage | null> {
      const kept = pages.get(key);
      if (!kept) return null;
      await Promise.all(kept.reads.map((read) => store.load(read)));
      return valuesOf(store, kept.reads) === kept.values ? kept : null;
    },
    keep(key: string, store: RenderStore, page: Omit<KeptPage, "reads" | "values">): void {
      const reads = store.performedReads();
      pages.set(key, { ...page, reads, values: valuesOf(store, reads) });
    },
  };
}

/** The outcomes of `reads` in `store`, as one string two requests compare (a failed read never matches a kept page's). */
function valuesOf(store: RenderStore, reads: readonly LiveRead[]): string {
  return JSON.stringify(reads.map((read) => store.entryOf(read) ?? null));
}

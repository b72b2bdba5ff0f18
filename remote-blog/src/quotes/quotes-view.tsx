import { SITE_PATHS, byAuthor, matchesSearch } from "shared-content";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { Link } from "shared-router";
import type { LoadState } from "shared-ui";
import type { PagedState } from "../ui/async-state";
import { AsyncView } from "../ui/async-view";
import { SearchField, SearchOverAll } from "../ui/search";
import { Skeleton, visuallyHidden } from "shared-ui";
import type { Quote } from "../ui/types";
import page from "../ui/page.module.css";
import styles from "./quotes-view.module.css";

interface Props {
  /** A window of quotes in the database's order (by author), grown by `loadMore`. */
  list: PagedState<Quote>;
  /** Every quote, for a search: downloaded only while the visitor searches. null: not searching. */
  all: LoadState<Quote[]> | null;
  query: string;
  onQueryChange: (query: string) => void;
  /** `/favorite-quotes/:id`: that quote, read on its own, shown first and highlighted. */
  linked?: { id: string; state: LoadState<Quote | null> } | undefined;
  /** Copies text to the clipboard; injectable for tests. */
  copy?: (text: string) => Promise<void>;
}

export function filterQuotes(quotes: readonly Quote[], query: string): Quote[] {
  return quotes.filter((q) => matchesSearch(query, [q.text, q.author, q.work]));
}

export function quoteUrl(id: string): string {
  return `${window.location.origin}${SITE_PATHS.quotes.getHref(id)}`;
}

const clipboardCopy = (text: string) => navigator.clipboard.writeText(text);

export function QuotesView({ list, all, query, onQueryChange, linked, copy = clipboardCopy }: Props) {
  const [copied, setCopied] = useState<{ id: string; ok: boolean } | null>(null);
  const searching = query.trim() !== "";
  const linkedQuote = linked?.state.status === "ready" ? linked.state.data : null;

  async function onCopy(id: string) {
    try {
      await copy(quoteUrl(id));
      setCopied({ id, ok: true });
    } catch {
      setCopied({ id, ok: false });
    }
  }
  const item = (q: Quote, highlighted = false) => (
    <li key={q.id}>
      <QuoteFigure quote={q} highlighted={highlighted} copied={copied?.id === q.id ? copied.ok : null} onCopy={onCopy} />
    </li>
  );

  return (
    <div className={page.page}>
      <h1 className={page.title}>Favourite quotes</h1>
      <p className={page.lead}>Lines from books, talks and films that stuck with me.</p>
      {linked ? <LinkedQuote id={linked.id} state={linked.state} item={item} /> : null}
      <div className={page.toolbar} role="search">
        <SearchField id="quote-search" label="Search quotes by text or author" value={query} placeholder="e.g. Seneca" onChange={onQueryChange} />
      </div>
      {searching ? (
        // The database cannot search text: a search runs over every quote, downloaded for it.
        <SearchOverAll what="quotes" one="quote" all={all}>
          {(quotes) => {
            const visible = filterQuotes(quotes, query).sort(byAuthor);
            return (
              <>
                <p className={page.count} aria-live="polite">{`${visible.length} of ${quotes.length} quotes match`}</p>
                {visible.length === 0 ? (
                  <p className={styles.none}>No quote matches “{query}”.</p>
                ) : (
                  <ul className={styles.list}>{visible.map((q) => item(q))}</ul>
                )}
              </>
            );
          }}
        </SearchOverAll>
      ) : (
        <AsyncView
          what="quotes"
          state={list}
          skeleton={<Skeleton label="Loading quotes…" lines={6} />}
          isEmpty={(l) => l.length === 0}
          emptyText="No quotes have been added yet."
        >
          {(quotes) => (
            <>
              <p className={page.count} aria-live="polite">
                {/* Without a count of every quote (none is kept), the line says whether this is all of them, as the films page's "50 of 300" does. */}
                {list.hasMore
                  ? `Showing the first ${quotes.length} quotes, by author`
                  : quotes.length === 1
                    ? "Showing 1 quote"
                    : `Showing all ${quotes.length} quotes`}
              </p>
              {/* The linked quote is shown above; the same id twice would be two elements with one id. */}
              <ul className={styles.list}>{quotes.filter((q) => q.id !== linkedQuote?.id).map((q) => item(q))}</ul>
              {list.hasMore || list.loadingMore ? (
                <button type="button" className={page.more} onClick={list.loadMore} disabled={list.loadingMore} aria-busy={list.loadingMore}>
                  {list.loadingMore ? "Loading more quotes…" : "Show more quotes"}
                </button>
              ) : null}
            </>
          )}
        </AsyncView>
      )}
      <p className={visuallyHidden} aria-live="polite">
        {copied ? (copied.ok ? "Link copied to the clipboard." : "The link could not be copied.") : ""}
      </p>
    </div>
  );
}

/** The quote of a deep link, first on the page, scrolled to and focused once per id. */
function LinkedQuote({ id, state, item }: { id: string; state: LoadState<Quote | null>; item: (q: Quote, highlighted: boolean) => ReactNode }) {
  const quote = state.status === "ready" ? state.data : null;
  const scrolledTo = useRef<string | null>(null);
  useEffect(() => {
    // Scroll once per id, not on every live update.
    if (!quote || scrolledTo.current === quote.id) return;
    scrolledTo.current = quote.id;
    const el = document.getElementById(`quote-${quote.id}`);
    el?.scrollIntoView?.({ block: "center", behavior: "smooth" });
    el?.focus({ preventScroll: true });
  }, [quote]);
  if (state.status === "ready" && !quote) {
    return (
      <p className={styles.unknown} role="alert" data-state="unknown-id">
        The quote “{id}” was not found — it may have been removed. <Link to={SITE_PATHS.quotes.getHref()}>See all quotes</Link>
      </p>
    );
  }
  return (
    <AsyncView what="quote" state={state} skeleton={<Skeleton label="Loading the quote…" lines={2} />} isEmpty={() => false} emptyText="">
      {(q) => (q ? <ul className={`${styles.list} ${styles.linked}`}>{item(q, true)}</ul> : null)}
    </AsyncView>
  );
}

function QuoteFigure({
  quote: q,
  highlighted,
  copied,
  onCopy,
}: {
  quote: Quote;
  highlighted: boolean;
  /** The last copy of this quote's link: worked, failed, or none. */
  copied: boolean | null;
  onCopy: (id: string) => Promise<void>;
}) {
  return (
    <figure
      id={`quote-${q.id}`}
      className={highlighted ? `${styles.quote} ${styles.highlighted}` : styles.quote}
      tabIndex={highlighted ? -1 : undefined}
      aria-current={highlighted ? "true" : undefined}
      data-highlighted={highlighted || undefined}
    >
      <blockquote className={styles.text}>
        <p>{q.text}</p>
      </blockquote>
      <figcaption className={styles.caption}>
        <span>
          — <span className={styles.author}>{q.author}</span>
          {q.work ? (
            <>
              , <cite>{q.work}</cite>
            </>
          ) : null}
          {q.year !== undefined ? <span className={styles.year}> ({q.year < 0 ? `${-q.year} BC` : q.year})</span> : null}
        </span>
        <span className={styles.actions}>
          <Link to={SITE_PATHS.quotes.getHref(q.id)} className={styles.permalink} aria-label={`Link to the quote by ${q.author}`}>
            #
          </Link>
          <button type="button" className={styles.copy} onClick={() => void onCopy(q.id)}>
            {copied === null ? "Copy link" : copied ? "Link copied" : "Copy failed"}
          </button>
        </span>
      </figcaption>
    </figure>
  );
}

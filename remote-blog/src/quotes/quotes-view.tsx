import { matchesSearch } from "shared-content";
import { useEffect, useRef, useState } from "react";
import { Link } from "shared-router";
import type { LoadState } from "shared-ui";
import { AsyncView } from "../ui/async-view";
import { Skeleton } from "shared-ui";
import type { Quote } from "../ui/types";
import page from "../ui/page.module.css";
import styles from "./quotes-view.module.css";

interface Props {
  state: LoadState<Quote[]>;
  /** The `:id` route parameter: highlight and scroll to this quote. */
  highlightId?: string | undefined;
  /** Copies text to the clipboard; injectable for tests. */
  copy?: (text: string) => Promise<void>;
}

export function filterQuotes(quotes: readonly Quote[], query: string): Quote[] {
  return quotes.filter((q) => matchesSearch(query, [q.text, q.author, q.work]));
}

export function sortQuotes(quotes: readonly Quote[]): Quote[] {
  return [...quotes].sort((a, b) => a.author.localeCompare(b.author) || a.text.localeCompare(b.text));
}

export function quoteUrl(id: string): string {
  return `${window.location.origin}/favorite-quotes/${encodeURIComponent(id)}`;
}

const clipboardCopy = (text: string) => navigator.clipboard.writeText(text);

export function QuotesView({ state, highlightId, copy = clipboardCopy }: Props) {
  return (
    <div className={page.page}>
      <h1 className={page.title}>Favourite quotes</h1>
      <p className={page.lead}>Lines from books, talks and films that stuck with me.</p>
      <AsyncView
        what="quotes"
        state={state}
        skeleton={<Skeleton label="Loading quotes…" lines={6} />}
        isEmpty={(l) => l.length === 0}
        emptyText="No quotes have been added yet."
      >
        {(quotes) => <QuoteList quotes={quotes} highlightId={highlightId} copy={copy} />}
      </AsyncView>
    </div>
  );
}

function QuoteList({ quotes, highlightId, copy }: { quotes: Quote[]; highlightId: string | undefined; copy: (t: string) => Promise<void> }) {
  const [query, setQuery] = useState("");
  const [copied, setCopied] = useState<{ id: string; ok: boolean } | null>(null);
  const highlighted = highlightId ? quotes.find((q) => q.id === highlightId) : undefined;
  const visible = sortQuotes(filterQuotes(quotes, query));
  const scrolledTo = useRef<string | null>(null);

  useEffect(() => {
    // Scroll once per id, not on every live update.
    if (!highlighted || scrolledTo.current === highlighted.id) return;
    scrolledTo.current = highlighted.id;
    const el = document.getElementById(`quote-${highlighted.id}`);
    el?.scrollIntoView?.({ block: "center", behavior: "smooth" });
    el?.focus({ preventScroll: true });
  }, [highlighted]);

  async function onCopy(id: string) {
    try {
      await copy(quoteUrl(id));
      setCopied({ id, ok: true });
    } catch {
      setCopied({ id, ok: false });
    }
  }

  return (
    <>
      {highlightId && !highlighted ? (
        <p className={styles.unknown} role="alert" data-state="unknown-id">
          The quote “{highlightId}” was not found — it may have been removed. All quotes are shown below. <Link to="/favorite-quotes">Clear</Link>
        </p>
      ) : null}
      <div className={page.toolbar} role="search">
        <div className={page.control}>
          <label htmlFor="quote-search">Search quotes by text or author</label>
          <input id="quote-search" type="search" value={query} onChange={(e) => setQuery(e.target.value)} placeholder="e.g. Seneca" />
        </div>
      </div>
      <p className={page.count} aria-live="polite">
        {query ? `${visible.length} of ${quotes.length} quotes match` : `${quotes.length} quotes`}
      </p>
      {visible.length === 0 ? (
        <p className={styles.none}>No quote matches “{query}”.</p>
      ) : (
        <ul className={styles.list}>
          {visible.map((q) => {
            const isHighlighted = q.id === highlighted?.id;
            return (
              <li key={q.id}>
                <figure
                  id={`quote-${q.id}`}
                  className={isHighlighted ? `${styles.quote} ${styles.highlighted}` : styles.quote}
                  tabIndex={isHighlighted ? -1 : undefined}
                  aria-current={isHighlighted ? "true" : undefined}
                  data-highlighted={isHighlighted || undefined}
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
                      <Link to={`/favorite-quotes/${encodeURIComponent(q.id)}`} className={styles.permalink} aria-label={`Link to the quote by ${q.author}`}>
                        #
                      </Link>
                      <button type="button" className={styles.copy} onClick={() => void onCopy(q.id)}>
                        {copied?.id === q.id ? (copied.ok ? "Link copied" : "Copy failed") : "Copy link"}
                      </button>
                    </span>
                  </figcaption>
                </figure>
              </li>
            );
          })}
        </ul>
      )}
      <p className={page.visuallyHidden} aria-live="polite">
        {copied ? (copied.ok ? "Link copied to the clipboard." : "The link could not be copied.") : ""}
      </p>
    </>
  );
}

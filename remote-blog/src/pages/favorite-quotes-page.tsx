import { useCallback, useEffect, useState } from "react";
import { useParams } from "shared-router";
import { useQuote, useQuotes, usePageMeta, type PageMeta } from "shared-content";
import type { LoadState } from "shared-ui";
import type { Quote } from "../ui/types";
import { QuotesView } from "../quotes/quotes-view";

const DEFAULT_META: PageMeta = { title: "Favourite quotes", description: "Quotes I keep coming back to, from books, talks and films." };

/**
 * `/favorite-quotes/:id?`: quotes by author in windows of QUOTES_PAGE_SIZE; a deep link reads
 * its quote on its own (any quote, however far down the list) and shows it first. An unknown
 * id answers 404. A search downloads every quote, in the browser, only while it runs.
 */
export default function FavoriteQuotesPage() {
  const { id } = useParams();
  const list = useQuotes();
  const linked = useQuote(id ?? "");
  usePageMeta(id === undefined ? DEFAULT_META : linkedMeta(linked));
  const [query, setQuery] = useState("");
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const searching = hydrated && query.trim() !== "";
  const [all, setAll] = useState<LoadState<Quote[]> | null>(null);
  const onQueryChange = useCallback((next: string) => setQuery(next), []);
  return (
    <>
      {searching ? <AllQuotes onChange={setAll} /> : null}
      <QuotesView
        list={list}
        all={searching ? all : null}
        query={query}
        onQueryChange={onQueryChange}
        linked={id === undefined ? undefined : { id, state: linked }}
      />
    </>
  );
}

/** A link to one quote previews that quote; an unknown one is a 404 (noindex), as an unknown post is. */
function linkedMeta(linked: LoadState<Quote | null>): PageMeta | null {
  if (linked.status === "loading") return null;
  if (linked.status === "error") return DEFAULT_META;
  const quote = linked.data;
  if (!quote) return { title: "Quote not found", description: "This quote does not exist or was removed.", status: 404 };
  return {
    title: `“${quote.text.length > 60 ? `${quote.text.slice(0, 57)}…` : quote.text}” — ${quote.author}`,
    description: `${quote.text} — ${quote.author}`,
  };
}

/** Holds the every-quote listener; renders nothing. */
function AllQuotes({ onChange }: { onChange: (state: LoadState<Quote[]>) => void }) {
  const { status, data, error, retry } = useQuotes({ all: true });
  useEffect(() => onChange({ status, data, error, retry }), [onChange, status, data, error, retry]);
  return null;
}

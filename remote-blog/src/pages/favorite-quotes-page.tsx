import { useParams } from "shared-router";
import { usePageMeta, useQuotes } from "shared-content";
import { QuotesView } from "../quotes/quotes-view";

/** `/favorite-quotes/:id?`: every quote; the optional id is highlighted and scrolled to. */
export default function FavoriteQuotesPage() {
  const { id } = useParams();
  const quotes = useQuotes();
  // A link to one quote previews that quote.
  const quote = id ? quotes.data.find((q) => q.id === id) : undefined;
  usePageMeta(
    quote
      ? { title: `“${quote.text.length > 60 ? `${quote.text.slice(0, 57)}…` : quote.text}” — ${quote.author}`, description: `${quote.text} — ${quote.author}` }
      : { title: "Favourite quotes", description: "Quotes I keep coming back to, from books, talks and films." },
  );
  return <QuotesView state={quotes} highlightId={id} />;
}

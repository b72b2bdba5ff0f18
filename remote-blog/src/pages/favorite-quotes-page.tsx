import { useParams } from "shared-router";
import { useQuotes } from "shared-content";
import { QuotesView } from "../quotes/quotes-view";

/** `/favorite-quotes/:id?`: every quote; the optional id is highlighted and scrolled to. */
export default function FavoriteQuotesPage() {
  const { id } = useParams();
  const quotes = useQuotes();
  return <QuotesView state={quotes} highlightId={id} />;
}

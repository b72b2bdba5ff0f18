// Placeholder until the screen is built; the exposed name and file are the federation contract.
export default function FavoriteQuotesPage() {
  return <h1>FavoriteQuotesPage</h1>;
}

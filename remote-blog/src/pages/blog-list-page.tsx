// Placeholder until the screen is built; the exposed name and file are the federation contract.
export default function BlogListPage() {
  return <h1>BlogListPage</h1>;
}

// Placeholder until the screen is built; the exposed name and file are the federation contract.
export default function BlogPostPage() {
  return <h1>BlogPostPage</h1>;
}

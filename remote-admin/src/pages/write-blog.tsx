// Placeholder until the screen is built; the exposed name and file are the federation contract.
export default function WriteBlog() {
  return <h1>WriteBlog</h1>;
}

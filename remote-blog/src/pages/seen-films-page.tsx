// Placeholder until the screen is built; the exposed name and file are the federation contract.
export default function SeenFilmsPage() {
  return <h1>SeenFilmsPage</h1>;
}

// Placeholder until the screen is built; the exposed name and file are the federation contract.
export default function HomePage() {
  return <h1>HomePage</h1>;
}

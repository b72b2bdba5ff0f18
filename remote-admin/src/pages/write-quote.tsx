// Placeholder until the screen is built; the exposed name and file are the federation contract.
export default function WriteQuote() {
  return <h1>WriteQuote</h1>;
}

// Placeholder until the screen is built; the exposed name and file are the federation contract.
export default function AdminOverview() {
  return <h1>AdminOverview</h1>;
}

// Placeholder until the screen is built; the exposed name and file are the federation contract.
export default function ConfigureRecommendations() {
  return <h1>ConfigureRecommendations</h1>;
}

// Placeholder until the screen is built; the exposed name and file are the federation contract.
export default function WriteRecommendationPage() {
  return <h1>WriteRecommendationPage</h1>;
}

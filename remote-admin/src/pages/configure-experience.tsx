// Placeholder until the screen is built; the exposed name and file are the federation contract.
export default function ConfigureExperience() {
  return <h1>ConfigureExperience</h1>;
}

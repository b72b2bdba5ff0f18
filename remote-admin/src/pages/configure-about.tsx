// Placeholder until the screen is built; the exposed name and file are the federation contract.
export default function ConfigureAbout() {
  return <h1>ConfigureAbout</h1>;
}

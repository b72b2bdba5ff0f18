// Placeholder until the screen is built; the exposed name and file are the federation contract.
export default function ConfigureSkills() {
  return <h1>ConfigureSkills</h1>;
}

// Placeholder until the screen is built; the exposed name and file are the federation contract.
export default function ConfigureFreeTimeProjects() {
  return <h1>ConfigureFreeTimeProjects</h1>;
}

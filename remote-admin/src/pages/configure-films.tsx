// Placeholder until the screen is built; the exposed name and file are the federation contract.
export default function ConfigureFilms() {
  return <h1>ConfigureFilms</h1>;
}

// Placeholder until the screen is built; the exposed name and file are the federation contract.
export default function ConfigureGetInTouch() {
  return <h1>ConfigureGetInTouch</h1>;
}

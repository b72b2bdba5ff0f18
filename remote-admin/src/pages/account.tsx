// Placeholder until the screen is built; the exposed name and file are the federation contract.
export default function Account() {
  return <h1>Account</h1>;
}

// Placeholder until the screen is built; the exposed name and file are the federation contract.
export default function CreateRealtimeData() {
  return <h1>CreateRealtimeData</h1>;
}

// Exposed as ./CreateRealtimeData (federation contract): the data import/export tool.
import { DataToolScreen } from "../data-tool/data-tool-screen";

export default function CreateRealtimeData() {
  return <DataToolScreen />;
}

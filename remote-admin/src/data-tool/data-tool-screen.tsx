import { AdminPage } from "../ui";
import { AccessGate } from "./access-gate";
import { ExportPanel } from "./export-panel";
import { ImportPanel } from "./import-panel";

/** /create-realtime-data: export all content, import a file (this site's or the older site's). */
export function DataToolScreen() {
  return (
    <AdminPage title="Realtime data" description="Back up all site content as one JSON file, restore it, or bring over the content of the older site.">
      <AccessGate>
        <ExportPanel />
        <ImportPanel />
      </AccessGate>
    </AdminPage>
  );
}

import { useState } from "react";
import { contentErrorMessage, countRecords, exportAll } from "shared-content/admin";
import { Button, Panel, StatusMessage } from "../ui";
import { exportFileName } from "./import-plan";

/** Offers a JSON text as a file download (no server round trip). */
export function downloadJson(value: unknown, fileName: string): void {
  const blob = new Blob([`${JSON.stringify(value, null, 2)}\n`], { type: "application/json" });
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  // Revoke later: some browsers read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function ExportPanel() {
  const [state, setState] = useState<{ kind: "idle" | "busy" } | { kind: "done"; file: string; records: number } | { kind: "error"; message: string }>({
    kind: "idle",
  });

  const onExport = async () => {
    setState({ kind: "busy" });
    try {
      const tree = await exportAll();
      const file = exportFileName();
      downloadJson(tree, file);
      setState({ kind: "done", file, records: countRecords(tree) });
    } catch (error) {
      setState({ kind: "error", message: contentErrorMessage(error) });
    }
  };

  return (
    <Panel title="Export">
      <p>
        Downloads all content as one JSON file: about and contact details, experience, skills, projects, recommendations, blog posts (drafts too), quotes and
        films. Keep it as a backup, or import it here later.
      </p>
      <div>
        <Button variant="primary" onClick={() => void onExport()} disabled={state.kind === "busy"} aria-busy={state.kind === "busy" || undefined}>
          {state.kind === "busy" ? "Exporting…" : "Export all content"}
        </Button>
      </div>
      {state.kind === "done" ? (
        <StatusMessage kind="success">
          Downloaded {state.file} with {state.records} records.
        </StatusMessage>
      ) : null}
      {state.kind === "error" ? <StatusMessage kind="error">{state.message}</StatusMessage> : null}
    </Panel>
  );
}

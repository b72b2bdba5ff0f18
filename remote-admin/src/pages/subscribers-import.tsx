import { useState, type ChangeEvent } from "react";
import { importSubscribers, parseSubscribersCsv, sendImportConfirmations, type ParsedImport } from "shared-content/admin";
import { Button, CheckboxField, StatusMessage } from "../ui";

export type Notice = { kind: "success" | "error" | "info"; text: string } | null;

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/**
 * CSV import: the file is read and checked first, then imported on the owner's word. Addresses are
 * added as confirmed and nobody is mailed, unless the owner asks for confirmation emails: then they
 * are added as pending and each gets the confirmation link (nothing else until they confirm).
 */
export function SubscribersImport({ existing, onNotice }: { existing: ReadonlySet<string>; onNotice: (notice: Notice) => void }) {
  const [pending, setPending] = useState<ParsedImport | null>(null);
  const [askToConfirm, setAskToConfirm] = useState(false);
  const [busy, setBusy] = useState(false);

  async function onFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (file) setPending(parseSubscribersCsv(await file.text()));
    event.target.value = "";
  }
  async function onImport(parsed: ParsedImport) {
    setBusy(true);
    try {
      const added = await importSubscribers(parsed.rows, existing, { pending: askToConfirm });
      setPending(null);
      if (!askToConfirm) return onNotice({ kind: "success", text: `Imported ${plural(added.length, "new subscriber")} as confirmed; no mail was sent.` });
      if (added.length === 0) return onNotice({ kind: "success", text: "Imported 0 new subscribers; no mail was sent." });
      onNotice({ kind: "info", text: `Imported ${plural(added.length, "new subscriber")} as pending; sending the confirmation emails…` });
      const sent = await sendImportConfirmations(added, (done) =>
        onNotice({ kind: "info", text: `Sending the confirmation emails: ${done} of ${added.length}…` }),
      );
      onNotice(
        sent.ok
          ? {
              kind: "success",
              text: `Imported ${plural(added.length, "new subscriber")} as pending and sent each a confirmation email. They get posts once they confirm.`,
            }
          : { kind: "error", text: `Imported ${plural(added.length, "new subscriber")} as pending, but: ${sent.message}` },
      );
    } catch (e) {
      onNotice({ kind: "error", text: `The import failed: ${String(e)}` });
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <p>
        <label>
          Import CSV <input type="file" accept=".csv,text/csv" onChange={(e) => void onFile(e)} disabled={busy} />
        </label>
      </p>
      <CheckboxField
        label="Send a confirmation email to each imported address"
        checked={askToConfirm}
        onChange={setAskToConfirm}
        hint={
          askToConfirm
            ? "Imported addresses are added as pending and get the confirmation link; they receive posts only once they confirm."
            : "Off: imported addresses are added as confirmed and no mail is sent."
        }
      />
      {pending ? (
        <StatusMessage
          kind="info"
          action={
            <>
              <Button onClick={() => void onImport(pending)} disabled={pending.rows.length === 0 || busy}>
                Import {pending.rows.length}
              </Button>{" "}
              <Button onClick={() => setPending(null)} disabled={busy}>
                Cancel
              </Button>
            </>
          }
        >
          {pending.rows.length} address(es) to import
          {pending.skipped.length > 0 ? `; skipped: ${pending.skipped.map((s) => `line ${s.line} (${s.reason})`).join(", ")}` : ""}
          {askToConfirm ? ", each to be sent a confirmation email" : ""}.
        </StatusMessage>
      ) : null}
    </>
  );
}

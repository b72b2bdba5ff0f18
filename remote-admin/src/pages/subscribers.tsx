import { useMemo, useState, type ChangeEvent } from "react";
import {
  formatMoment,
  importSubscribers,
  parseSubscribersCsv,
  removeSubscriber,
  subscribersCsv,
  useSendRounds,
  useSubscribers,
  type ParsedImport,
} from "shared-content/admin";
import { AdminPage, Button, Panel, SearchBox, StatusMessage, useConfirm } from "../ui";
import { EditorLoadState } from "../editors/editor-load-state";
import styles from "./list-item.module.css";

const TITLE = "Subscribers";
const DESCRIPTION = "Readers who get new posts by email. Pending addresses have not confirmed yet and get nothing.";

type Notice = { kind: "success" | "error"; text: string } | null;

function download(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: "text/csv" }));
  const a = Object.assign(document.createElement("a"), { href: url, download: name });
  a.click();
  URL.revokeObjectURL(url);
}

/** Each mailed post's latest round: when, how many sent, failures. */
function SendRounds() {
  const rounds = useSendRounds();
  if (rounds.status !== "ready") return <p role="status">{rounds.status === "error" ? `Could not load the sends: ${rounds.error?.message}` : "Loading…"}</p>;
  if (rounds.data.length === 0) return <p>No post has been sent yet. A post is sent to the confirmed subscribers when it is published.</p>;
  return (
    <table>
      <caption className={styles.meta}>Posts sent by email</caption>
      <thead>
        <tr>
          <th scope="col">Post</th>
          <th scope="col">Started</th>
          <th scope="col">Finished</th>
          <th scope="col">Sent</th>
          <th scope="col">Failed</th>
        </tr>
      </thead>
      <tbody>
        {rounds.data.map((r) => (
          <tr key={r.id}>
            <td>
              {r.id}
              {r.round > 1 ? ` (round ${r.round})` : ""}
            </td>
            <td>{formatMoment(r.startedAt)}</td>
            <td>{r.doneAt ? formatMoment(r.doneAt) : "sending…"}</td>
            <td>{r.sent ?? "–"}</td>
            <td>{r.failed ?? "–"}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** /admin-panel/subscribers: the list, search, remove, CSV export and import, and the posts sent. */
export default function Subscribers() {
  const live = useSubscribers();
  const { confirm, dialog } = useConfirm();
  const [query, setQuery] = useState("");
  const [notice, setNotice] = useState<Notice>(null);
  const [pendingImport, setPendingImport] = useState<ParsedImport | null>(null);
  const list = live.data;
  const shown = useMemo(() => list.filter((s) => s.email.includes(query.trim().toLowerCase())), [list, query]);
  if (live.status !== "ready") return <EditorLoadState title={TITLE} description={DESCRIPTION} live={live} />;
  const confirmed = list.filter((s) => s.status === "confirmed").length;

  async function onRemove(id: string, email: string) {
    const ok = await confirm({ title: `Remove ${email}?`, message: `${email} will get no more posts and the address is deleted.`, confirmLabel: "Remove" });
    if (!ok) return;
    await removeSubscriber(id).then(
      () => setNotice({ kind: "success", text: `Removed ${email}.` }),
      (e: unknown) => setNotice({ kind: "error", text: `Could not remove ${email}: ${String(e)}` }),
    );
  }
  async function onFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (file) setPendingImport(parseSubscribersCsv(await file.text()));
    event.target.value = "";
  }
  async function onImport(parsed: ParsedImport) {
    setPendingImport(null);
    await importSubscribers(parsed.rows, new Set(list.map((s) => s.id))).then(
      (added) => setNotice({ kind: "success", text: `Imported ${added} new subscriber${added === 1 ? "" : "s"} as confirmed; no mail was sent.` }),
      (e: unknown) => setNotice({ kind: "error", text: `The import failed: ${String(e)}` }),
    );
  }

  return (
    <AdminPage title={TITLE} description={DESCRIPTION}>
      {dialog}
      {notice ? <StatusMessage kind={notice.kind}>{notice.text}</StatusMessage> : null}
      <Panel>
        <p>
          {confirmed} confirmed, {list.length - confirmed} pending.
        </p>
        <SearchBox value={query} onChange={setQuery} label="Search subscribers" resultSummary={`${shown.length} of ${list.length} subscribers`} />
        <p>
          <Button onClick={() => download("subscribers.csv", subscribersCsv(list))} disabled={list.length === 0}>
            Export CSV
          </Button>{" "}
          <label>
            Import CSV (addresses are added as confirmed; no mail is sent) <input type="file" accept=".csv,text/csv" onChange={(e) => void onFile(e)} />
          </label>
        </p>
        {pendingImport ? (
          <StatusMessage
            kind="info"
            action={
              <>
                <Button onClick={() => void onImport(pendingImport)} disabled={pendingImport.rows.length === 0}>
                  Import {pendingImport.rows.length}
                </Button>{" "}
                <Button onClick={() => setPendingImport(null)}>Cancel</Button>
              </>
            }
          >
            {pendingImport.rows.length} address(es) to import
            {pendingImport.skipped.length > 0 ? `; skipped: ${pendingImport.skipped.map((s) => `line ${s.line} (${s.reason})`).join(", ")}` : ""}.
          </StatusMessage>
        ) : null}
        {list.length === 0 ? (
          <p>No subscribers yet. Readers subscribe from the blog, or import a CSV file.</p>
        ) : (
          <ul aria-label="Subscribers">
            {shown.map((s) => (
              <li key={s.id}>
                {s.email} — {s.status}
                {s.tags?.length ? `, tags: ${s.tags.join(", ")}` : ""}, since {formatMoment(s.confirmedAt ?? s.createdAt)}{" "}
                <Button size="small" onClick={() => void onRemove(s.id, s.email)} aria-label={`Remove ${s.email}`}>
                  Remove
                </Button>
              </li>
            ))}
          </ul>
        )}
      </Panel>
      <Panel title="Sent posts">
        <SendRounds />
      </Panel>
    </AdminPage>
  );
}

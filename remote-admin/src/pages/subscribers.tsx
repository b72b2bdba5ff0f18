import { useMemo, useState } from "react";
import { formatMoment, removeSubscriber, subscribersCsv, useSendRounds, useSubscribers } from "shared-content/admin";
import { ColumnHeads } from "shared-ui";
import { AdminPage, Button, Panel, SearchBox, StatusMessage, useConfirm } from "../ui";
import { EditorLoadState } from "../editors/editor-load-state";
import styles from "./list-item.module.css";
import { PostRecipients } from "./post-recipients";
import { SubscribersImport, type Notice } from "./subscribers-import";

const TITLE = "Subscribers";
const DESCRIPTION = "Readers who get new posts by email. Pending addresses have not confirmed yet and get nothing.";

function download(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: "text/csv" }));
  const a = Object.assign(document.createElement("a"), { href: url, download: name });
  a.click();
  URL.revokeObjectURL(url);
}

/** One post's recipients, shown (and read) on demand. */
function RecipientsToggle({ slug, round }: { slug: string; round: number }) {
  const [open, setOpen] = useState(false);
  const id = `recipients-${slug}`;
  return (
    <div>
      <Button size="small" aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)}>
        {open ? "Hide" : "Show"} the recipients of {slug}
      </Button>
      <div id={id}>{open ? <PostRecipients slug={slug} round={round} title={slug} /> : null}</div>
    </div>
  );
}

/** Each mailed post's latest round: when, how many sent, failures; and to whom, per post. */
function SendRounds() {
  const rounds = useSendRounds();
  if (rounds.status !== "ready") return <p role="status">{rounds.status === "error" ? `Could not load the sends: ${rounds.error?.message}` : "Loading…"}</p>;
  if (rounds.data.length === 0) return <p>No post has been sent yet. A post is sent to the confirmed subscribers when it is published.</p>;
  return (
    <>
      <table>
        <caption className={styles.meta}>Posts sent by email</caption>
        <ColumnHeads names={["Post", "Started", "Finished", "Sent", "Failed"]} />
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
      {rounds.data.map((r) => (
        <RecipientsToggle key={r.id} slug={r.id} round={r.round} />
      ))}
    </>
  );
}

/** /admin-panel/subscribers: the list, search, remove, CSV export and import, and the posts sent. */
export default function Subscribers() {
  const live = useSubscribers();
  const { confirm, dialog } = useConfirm();
  const [query, setQuery] = useState("");
  const [notice, setNotice] = useState<Notice>(null);
  const list = live.data;
  const ids = useMemo(() => new Set(list.map((s) => s.id)), [list]);
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
          </Button>
        </p>
        <SubscribersImport existing={ids} onNotice={setNotice} />
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

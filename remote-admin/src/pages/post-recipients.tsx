import { formatMoment, recipientsOf, useRoundLedger, useSubscribers, type Recipient } from "shared-content/admin";
import { ColumnHeads } from "shared-ui";
import styles from "./post-recipients.module.css";

const STATE_WORDS: Record<Recipient["state"], string> = { sent: "sent", failed: "failed", sending: "sending" };

/**
 * To whom and when one round of a post's email went, and its failures: the send ledger (subscriber
 * ids) joined with the subscriber list (the addresses, which only the admin reads). An address no
 * longer subscribed shows as such: unsubscribing deletes it.
 */
export function PostRecipients({ slug, round, title }: { slug: string; round: number; title: string }) {
  const ledger = useRoundLedger(slug, round);
  const subscribers = useSubscribers();
  if (ledger.status !== "ready" || subscribers.status !== "ready") {
    const error = ledger.error ?? subscribers.error;
    return <p role="status">{error ? `Could not load the recipients: ${error.message}` : "Loading the recipients…"}</p>;
  }
  const rows = recipientsOf(ledger.data, subscribers.data, `mail/ledger/${slug}/r${round}`);
  if (rows.length === 0) return <p>Nobody has been sent {title} yet: no confirmed subscriber matched, or the first run has not started.</p>;
  const failed = rows.filter((r) => r.state === "failed").length;
  return (
    <table className={styles.table}>
      <caption>
        Recipients of {title}
        {round > 1 ? ` (round ${round})` : ""}: {rows.length}
        {failed ? `, ${failed} failed` : ""}
      </caption>
      <ColumnHeads names={["Address", "Status", "Time"]} />
      <tbody>
        {rows.map((r) => (
          <tr key={r.id}>
            <td>{r.email ?? <span className={styles.muted}>No longer subscribed</span>}</td>
            <td className={r.state === "failed" ? styles.failed : undefined}>
              {STATE_WORDS[r.state]}
              {r.error ? `: ${r.error}` : ""}
            </td>
            <td>{formatMoment(r.at)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

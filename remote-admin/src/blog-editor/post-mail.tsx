import { useState } from "react";
import { formatMoment, saveMailChoice, sendTestMail, usePostMail, usePostSendRound, type MailRequestResult } from "shared-content/admin";
import { PostRecipients } from "../pages/post-recipients";
import { Button, Panel, StatusMessage, useConfirm } from "../ui";

/** "Send a test email to me": the post's email as it would go out, to the signed-in admin only. */
function TestMailButton({ slug }: { slug: string }) {
  const [sending, setSending] = useState(false);
  const [result, setResult] = useState<MailRequestResult | null>(null);
  async function send() {
    setSending(true);
    setResult(null);
    setResult(await sendTestMail(slug));
    setSending(false);
  }
  return (
    <>
      <p>
        <Button onClick={() => void send()} disabled={sending} aria-describedby={`test-mail-hint-${slug}`}>
          {sending ? "Sending the test email…" : "Send a test email to me"}
        </Button>{" "}
        <small id={`test-mail-hint-${slug}`}>Only to your own address, as the post was last saved; subscribers get nothing.</small>
      </p>
      {result ? <StatusMessage kind={result.ok ? "success" : "error"}>{result.message}</StatusMessage> : null}
    </>
  );
}

/**
 * The post's email to subscribers: the summary or the whole post (saved at once), a test email to
 * the admin, whether and when it was sent and to whom, and "Send again" for a correction (a
 * published post is otherwise sent only once).
 */
export function PostMail({ slug }: { slug: string }) {
  const choice = usePostMail(slug);
  const round = usePostSendRound(slug);
  const { confirm, dialog } = useConfirm();
  const [error, setError] = useState<string | null>(null);
  const content = choice.data?.content ?? "summary";
  const save = (next: { content: "summary" | "full"; sendAgain?: true }) =>
    saveMailChoice(slug, next).then(
      () => setError(null),
      (e: unknown) => setError(`Could not save: ${String(e)}`),
    );
  async function sendAgain() {
    const ok = await confirm({
      title: "Send this post again?",
      message: "Every confirmed subscriber whose tags match gets it once more, as it reads now.",
      confirmLabel: "Send again",
    });
    if (ok) await save({ content, sendAgain: true });
  }
  const sent = round.data;
  return (
    <Panel title="Email to subscribers">
      {dialog}
      <fieldset>
        <legend>The email holds</legend>
        {(["summary", "full"] as const).map((value) => (
          <label key={value}>
            <input type="radio" name={`mail-content-${slug}`} checked={content === value} onChange={() => void save({ content: value })} />{" "}
            {value === "summary" ? "the summary and a link" : "the whole post"}
          </label>
        ))}
      </fieldset>
      <TestMailButton slug={slug} />
      <p role="status">
        {round.status !== "ready"
          ? "Loading…"
          : !sent
            ? "Not sent yet: it goes to the confirmed subscribers once the post is live."
            : sent.doneAt
              ? `Sent on ${formatMoment(sent.doneAt)} to ${sent.sent ?? 0} subscriber(s)${sent.failed ? `; ${sent.failed} failed` : ""}${choice.data?.sendAgain ? ". Sending again on the next run." : "."}`
              : `Sending since ${formatMoment(sent.startedAt)}…`}
      </p>
      {sent?.doneAt && !choice.data?.sendAgain ? <Button onClick={() => void sendAgain()}>Send again</Button> : null}
      {sent ? <PostRecipients slug={slug} round={sent.round} title="this post" /> : null}
      {error ? <p role="alert">{error}</p> : null}
    </Panel>
  );
}

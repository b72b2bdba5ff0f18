// The subscriptions' part of the rules matrix (rules-matrix.ts runs it with the rest): subscribers'
// addresses and the mail job's bookkeeping are the admin's alone; visitors and signed-in
// strangers neither read nor write any of it. The mailer uid's own cases (Admin SDK override)
// run in renderer/tests/subscriptions.test.ts.
import type { Action, Actor, Decision, MatrixCase } from "./rules-matrix";
import { ADMIN_ONLY } from "./rules-matrix-verdicts";

const T = Date.parse("2026-01-10T12:00:00Z");
export const SUB_ID = "abcdefghijklmnopqrstuv";
const FRESH_ID = "ABCDEFGHIJKLMNOPQRSTUV";

export const mailFx = {
  subscriber: { email: "reader@example.com", status: "confirmed", tags: ["intro"], createdAt: T, confirmedAt: T, source: "form" },
  choice: { content: "full" },
  round: { round: 1, startedAt: T, doneAt: T, sent: 1, failed: 0 },
  ledger: { state: "sent", at: T },
};

/** What the base state holds of subscriptions. */
export function mailBaseTree(): Record<string, unknown> {
  return {
    subscribers: { [SUB_ID]: mailFx.subscriber },
    mail: {
      since: T - 1000,
      choices: { hello: mailFx.choice },
      sends: { hello: mailFx.round },
      ledger: { hello: { r1: { [SUB_ID]: mailFx.ledger } } },
      signups: { all: { count: 1, since: T } },
    },
  };
}

/** The six operations per actor on each node, as in rules-matrix.ts's NODES. */
export const MAIL_NODES = [
  {
    node: "subscribers/{id}",
    existing: `subscribers/${SUB_ID}`,
    fresh: `subscribers/${FRESH_ID}`,
    create: { [`subscribers/${FRESH_ID}`]: { email: "new@example.com", status: "pending", createdAt: T, source: "import" } },
    overwrite: { [`subscribers/${SUB_ID}`]: { ...mailFx.subscriber, tags: ["films"] } },
    invalid: { [`subscribers/${FRESH_ID}`]: { ...mailFx.subscriber, email: "not an address" } },
    unknown: { [`subscribers/${FRESH_ID}`]: { ...mailFx.subscriber, name: "Reader" } },
    expect: ADMIN_ONLY,
  },
  {
    node: "mail/choices/{slug}",
    existing: "mail/choices/hello",
    fresh: "mail/choices/second",
    create: { "mail/choices/second": { content: "summary" } },
    overwrite: { "mail/choices/hello": { content: "full", sendAgain: true } },
    invalid: { "mail/choices/second": { content: "everything" } },
    unknown: { "mail/choices/second": { content: "full", subject: "Hi" } },
    expect: ADMIN_ONLY,
  },
] as const;

/** Named cases: the job's own records are read by the admin and written by nobody but the mailer. */
export function mailCases(): MatrixCase[] {
  const c = (name: string, actor: Actor, action: Action, expect: Decision): MatrixCase => ({ name, actor, action, expect });
  const cases: MatrixCase[] = [];
  for (const who of ["visitor", "stranger"] as const) {
    cases.push(
      c("list the subscribers", who, { read: "subscribers" }, "deny"),
      c("read the mail bookkeeping", who, { read: "mail" }, "deny"),
      c("read a post's send ledger", who, { read: "mail/ledger/hello" }, "deny"),
      c(
        "subscribe by writing a record directly",
        who,
        { write: { [`subscribers/${FRESH_ID}`]: { email: "x@example.com", status: "confirmed", createdAt: T, source: "form" } } },
        "deny",
      ),
    );
  }
  cases.push(
    c("list the subscribers", "admin", { read: "subscribers" }, "allow"),
    c("read a post's send ledger and rounds", "admin", { read: "mail" }, "allow"),
    c("write a ledger entry", "admin", { write: { [`mail/ledger/hello/r1/${FRESH_ID}`]: { state: "sent", at: T } } }, "deny"),
    c("erase a ledger entry", "admin", { write: { [`mail/ledger/hello/r1/${SUB_ID}`]: null } }, "deny"),
    c("write a send round", "admin", { write: { "mail/sends/hello": { round: 2, startedAt: T } } }, "deny"),
    c("reset the signup limit", "admin", { write: { "mail/signups/all": null } }, "deny"),
    c("move the start of sending", "admin", { write: { "mail/since": T } }, "deny"),
    c(
      "a subscriber with eleven tags",
      "admin",
      { write: { [`subscribers/${FRESH_ID}`]: { ...mailFx.subscriber, tags: Array.from({ length: 11 }, (_, i) => `t${i}`) } } },
      "deny",
    ),
    c("a subscriber under a key that is not an id", "admin", { write: { "subscribers/reader@example": mailFx.subscriber } }, "deny"),
  );
  return cases;
}

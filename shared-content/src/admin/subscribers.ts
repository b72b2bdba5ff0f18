// The admin's side of subscriptions: the subscriber list and each post's send rounds, live; remove;
// CSV export and import. Addresses never leave the admin's browser except in the export file.
import * as v from "valibot";
import type { LiveResult, WithId } from "shared-content";
import { decodeOne } from "../decode";
import { EMAIL_PATTERN } from "../limits";
import {
  MAIL_PATHS,
  LedgerEntrySchema,
  MailChoiceSchema,
  SendRoundSchema,
  SubscriberSchema,
  ledgerPath,
  mailChoicePath,
  normaliseEmail,
  sendRoundPath,
  subscriberId,
  subscriberPath,
  type LedgerEntry,
  type MailChoice,
  type SendRound,
  type Subscriber,
} from "../subscriptions";
import { connection, SERVER_TIME } from "./db";
import { useAdminRead } from "./admin-hooks";

const decodeMap =
  <S extends v.GenericSchema>(schema: S, path: string) =>
  (value: unknown) =>
    Object.entries((value ?? {}) as Record<string, unknown>)
      .map(([id, raw]) => ({ id, value: decodeOne(schema, raw, `${path}/${id}`) }))
      .filter((e): e is { id: string; value: v.InferOutput<S> } => e.value !== null)
      .map(({ id, value }) => ({ ...(value as object), id }) as WithId<v.InferOutput<S>>);

/** Every subscriber, newest first. */
export function useSubscribers(): LiveResult<WithId<Subscriber>[]> {
  const decode = decodeMap(SubscriberSchema, MAIL_PATHS.subscribers);
  return useAdminRead(MAIL_PATHS.subscribers, (value) => decode(value).sort((a, b) => b.createdAt - a.createdAt), []);
}

/** Each mailed post's latest round (the id is the post's slug). */
export function useSendRounds(): LiveResult<WithId<SendRound>[]> {
  const decode = decodeMap(SendRoundSchema, MAIL_PATHS.sends);
  return useAdminRead(MAIL_PATHS.sends, (value) => decode(value).sort((a, b) => b.startedAt - a.startedAt), []);
}

/** Deletes the record, the address with it (the ledger keeps only the id). */
export async function removeSubscriber(id: string): Promise<void> {
  const { db, sdk } = await connection();
  await sdk.update(sdk.ref(db), { [subscriberPath(id)]: null });
}

const CSV_HEADER = "email,status,tags,subscribed";
const csvCell = (text: string) => (/[",\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text);

export function subscribersCsv(list: readonly Subscriber[]): string {
  const rows = list.map((s) => [s.email, s.status, (s.tags ?? []).join(" "), new Date(s.confirmedAt ?? s.createdAt).toISOString()].map(csvCell).join(","));
  return `${[CSV_HEADER, ...rows].join("\n")}\n`;
}

/** One CSV line's cells (quoted cells may hold commas and doubled quotes). */
function cells(line: string): string[] {
  const out: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quoted && c === '"' && line[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (c === '"') quoted = !quoted;
    else if (c === "," && !quoted) {
      out.push(cell);
      cell = "";
    } else cell += c;
  }
  return [...out, cell];
}

export interface ParsedImport {
  rows: { email: string; tags: string[] }[];
  /** Line numbers (1-based) and why each was skipped. */
  skipped: { line: number; reason: string }[];
}

/** The addresses (first column, or the column named email) and tags (space separated) of a CSV file. */
export function parseSubscribersCsv(text: string): ParsedImport {
  const lines = text.split(/\r?\n/);
  const header = cells(lines[0] ?? "").map((h) => h.trim().toLowerCase());
  const hasHeader = header.includes("email");
  const emailAt = hasHeader ? header.indexOf("email") : 0;
  const tagsAt = hasHeader ? header.indexOf("tags") : -1;
  const seen = new Set<string>();
  const result: ParsedImport = { rows: [], skipped: [] };
  lines.forEach((line, i) => {
    if ((hasHeader && i === 0) || line.trim() === "") return;
    const row = cells(line);
    const email = normaliseEmail(row[emailAt] ?? "");
    if (!EMAIL_PATTERN.test(email) || email.length > 254) return result.skipped.push({ line: i + 1, reason: `not an email address: ${email || "(empty)"}` });
    if (seen.has(email)) return result.skipped.push({ line: i + 1, reason: `${email} appears twice` });
    seen.add(email);
    const tags =
      tagsAt >= 0
        ? (row[tagsAt] ?? "")
            .split(/\s+/)
            .map((t) => t.trim().toLowerCase())
            .filter(Boolean)
            .slice(0, 10)
        : [];
    result.rows.push({ email, tags });
  });
  return result;
}

/**
 * Adds the rows, leaving addresses already subscribed as they are; one update. By default they are
 * confirmed (the owner vouches for the list; no mail is sent). With `pending`, they are added as
 * pending and get nothing until they confirm: the caller asks the renderer to mail each its
 * confirmation link (sendImportConfirmations). Returns the ids added.
 */
export async function importSubscribers(rows: ParsedImport["rows"], existing: ReadonlySet<string>, { pending = false } = {}): Promise<string[]> {
  const updates: Record<string, unknown> = {};
  const added: string[] = [];
  for (const row of rows) {
    const id = await subscriberId(row.email);
    if (existing.has(id)) continue;
    added.push(id);
    updates[subscriberPath(id)] = {
      email: row.email,
      status: pending ? "pending" : "confirmed",
      ...(row.tags.length ? { tags: row.tags } : {}),
      createdAt: SERVER_TIME,
      ...(pending ? {} : { confirmedAt: SERVER_TIME }),
      source: "import",
    };
  }
  if (added.length === 0) return [];
  const { db, sdk } = await connection();
  await sdk.update(sdk.ref(db), updates);
  return added;
}

/** One subscriber's mail of a post's round, as the admin reads it: the address, or null once the subscriber is gone. */
export interface Recipient {
  id: string;
  email: string | null;
  state: LedgerEntry["state"];
  at: number;
  error?: string;
}

/**
 * The ledger of a round joined with the subscriber list (the ledger holds ids only): failures
 * first, then the newest first. An id no longer subscribed (unsubscribed or removed) has no address.
 */
export function recipientsOf(ledger: unknown, subscribers: readonly { id: string; email: string }[], path = "mail/ledger"): Recipient[] {
  const emails = new Map(subscribers.map((s) => [s.id, s.email]));
  const rank = { failed: 0, sending: 1, sent: 2 } as const;
  return Object.entries((ledger ?? {}) as Record<string, unknown>)
    .map(([id, raw]) => ({ id, entry: decodeOne(LedgerEntrySchema, raw, `${path}/${id}`) }))
    .filter((e): e is { id: string; entry: LedgerEntry } => e.entry !== null)
    .map(({ id, entry }) => ({ id, email: emails.get(id) ?? null, state: entry.state, at: entry.at, ...(entry.error ? { error: entry.error } : {}) }))
    .sort((a, b) => rank[a.state] - rank[b.state] || b.at - a.at);
}

/** A round's ledger entries, live (raw: recipientsOf joins them with the subscribers). */
export function useRoundLedger(slug: string, round: number): LiveResult<unknown> {
  return useAdminRead(ledgerPath(slug, round), (value) => value ?? null, null);
}

/** A post's mail choice (null: the summary, the default), live. */
export function usePostMail(slug: string): LiveResult<MailChoice | null> {
  return useAdminRead(mailChoicePath(slug), (value) => decodeOne(MailChoiceSchema, value, mailChoicePath(slug)), null);
}

export function usePostSendRound(slug: string): LiveResult<SendRound | null> {
  return useAdminRead(sendRoundPath(slug), (value) => decodeOne(SendRoundSchema, value, sendRoundPath(slug)), null);
}

/** The owner's choice for the post's mail: the summary or the whole post; `sendAgain` asks for a new round. */
export async function saveMailChoice(slug: string, choice: MailChoice): Promise<void> {
  const { db, sdk } = await connection();
  await sdk.set(sdk.ref(db, mailChoicePath(slug)), choice);
}

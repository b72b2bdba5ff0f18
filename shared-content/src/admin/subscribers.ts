// The admin's side of subscriptions: the subscriber list and each post's send rounds, live; remove;
// CSV export and import. Addresses never leave the admin's browser except in the export file.
import * as v from "valibot";
import type { LiveResult, WithId } from "shared-content";
import { decodeOne } from "../decode";
import { EMAIL_PATTERN } from "../limits";
import {
  MAIL_PATHS,
  MailChoiceSchema,
  SendRoundSchema,
  SubscriberSchema,
  mailChoicePath,
  normaliseEmail,
  sendRoundPath,
  subscriberId,
  subscriberPath,
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
 * Adds the rows as confirmed subscribers (the owner vouches for the list; no mail is sent),
 * leaving addresses already subscribed as they are. One update; returns how many were added.
 */
export async function importSubscribers(rows: ParsedImport["rows"], existing: ReadonlySet<string>): Promise<number> {
  const updates: Record<string, unknown> = {};
  for (const row of rows) {
    const id = await subscriberId(row.email);
    if (existing.has(id)) continue;
    updates[subscriberPath(id)] = {
      email: row.email,
      status: "confirmed",
      ...(row.tags.length ? { tags: row.tags } : {}),
      createdAt: SERVER_TIME,
      confirmedAt: SERVER_TIME,
      source: "import",
    };
  }
  if (Object.keys(updates).length === 0) return 0;
  const { db, sdk } = await connection();
  await sdk.update(sdk.ref(db), updates);
  return Object.keys(updates).length;
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

// Writes. Every input is validated with the same schemas as the rules before it is sent.
// Saves are compare-and-set: each record carries `rev`, the rules accept a write only when
// rev = stored rev + 1 (or 1 for a new record), so a save based on an old read is refused by
// the server and reported here as a ConflictError, even inside a multi-path update.
// The SDK comes from shared-auth at run time (connection()), never from a static import. Every
// write of public content carries its sections' change marks (changes.ts), which open pages follow.
import {
  ConflictError,
  toContentError,
  stripEmpty,
  PATHS,
  type CollectionKind,
  type OrderedKind,
  type AboutFields,
  type BlogPostInput,
  type ContactFields,
  type FieldsOf,
  type RecommendationFields,
} from "shared-content";
import { postRemoval } from "../blog";
import { withChangeMarks } from "../changes";
import { decodeOne } from "../decode";
import { ContentError } from "../errors";
import { cleanForWrite, parseInput } from "../input";
import { ORDERED_KINDS, recordPath, submissionPath } from "../paths";
import { AboutFieldsSchema, BlogPostInputSchema, COLLECTION_FIELD_SCHEMAS, ContactFieldsSchema, RecommendationSubmissionSchema } from "../schemas";
// The statistics' arithmetic is pure: bundled into the admin's build, never shipped to visitors.
import { filmStatsChange, filmStatsIncrements, filmStatsRecords, type CountedFilm } from "../film-stats";
import { planPostSave, planStatusChange, readStoredPost, type ReadValue } from "../post-save";
import { compiledBody } from "./compile-post";
import { SERVER_TIME, connection, type Connection } from "./db";

let readTimeoutMs = 15_000;
/** How long a read a write depends on may wait for the server before it is reported as unavailable. */
export function setReadTimeoutMs(ms: number): void {
  readTimeoutMs = ms;
}

export { cleanForWrite, parseInput };

/**
 * Every SDK call of this module goes through here: its failure becomes a ContentError (conflicts
 * are told apart by sendChecked). A read gets no answer while the connection is down, so it has
 * a time limit. A write has none: the SDK keeps it and sends it when the connection returns, and
 * its promise settles only on the server's answer, so resolving means the write is stored (the
 * editors show it as pending meanwhile, never as saved from the SDK's local copy).
 */
async function sdkCall<T>(promise: Promise<T>, kind: "read" | "write"): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout =
    kind === "read"
      ? new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new ContentError("unavailable", "The database did not answer. Check your connection and try again.")), readTimeoutMs);
        })
      : null;
  try {
    return await (timeout ? Promise.race([promise, timeout]) : promise);
  } catch (error) {
    throw toContentError(error);
  } finally {
    clearTimeout(timer);
  }
}

async function currentRev({ db, sdk }: Connection, path: string): Promise<number | null> {
  const snap = await sdkCall(sdk.get(sdk.ref(db, `${path}/rev`)), "read");
  const rev: unknown = snap.val();
  return typeof rev === "number" ? rev : null;
}

/**
 * Send a multi-path update. When the server refuses it, find out whether a compare-and-set
 * check failed (a record's rev is not the expected one) and throw ConflictError if so.
 */
async function sendChecked(c: Connection, updates: Record<string, unknown>, checks: { path: string; expectedRev: number | null }[]): Promise<void> {
  try {
    await sdkCall(c.sdk.update(c.sdk.ref(c.db), withChangeMarks(updates)), "write");
  } catch (error) {
    const mapped = toContentError(error);
    if (mapped.code === "permission-denied") {
      for (const check of checks) {
        let rev: number | null;
        try {
          rev = await currentRev(c, check.path);
        } catch {
          break; // cannot read it: not an admin, so the denial stands
        }
        if (rev !== check.expectedRev) throw new ConflictError(check.path, rev);
      }
    }
    throw mapped;
  }
}

/** A multi-path update with compare-and-set checks (used by importAll). */
export async function sendUpdates(updates: Record<string, unknown>, checks: { path: string; expectedRev: number | null }[]): Promise<void> {
  await sendChecked(await connection(), updates, checks);
}

const stamp = (rev: number) => ({ rev, updatedAt: SERVER_TIME });
const nextRev = (expectedRev: number | null) => (expectedRev === null ? 1 : expectedRev + 1);

// --- site/about, site/contact ---------------------------------------------------------------

/**
 * Save the about section. `expectedRev`: the rev you loaded, or null when there was none.
 * Resolves with the rev written, once the server has stored it.
 */
export async function saveAbout(fields: AboutFields, expectedRev: number | null): Promise<number> {
  const value = stripEmpty(parseInput(AboutFieldsSchema, fields));
  const { db, sdk } = await connection();
  await sendChecked({ db, sdk }, { [PATHS.about]: { ...value, ...stamp(nextRev(expectedRev)) } }, [{ path: PATHS.about, expectedRev }]);
  return nextRev(expectedRev);
}

/** Save the contact details (compare-and-set like saveAbout). */
export async function saveContact(fields: ContactFields, expectedRev: number | null): Promise<number> {
  const value = stripEmpty(parseInput(ContactFieldsSchema, fields));
  const { db, sdk } = await connection();
  await sendChecked({ db, sdk }, { [PATHS.contact]: { ...value, ...stamp(nextRev(expectedRev)) } }, [{ path: PATHS.contact, expectedRev }]);
  return nextRev(expectedRev);
}

// --- keyed collections ----------------------------------------------------------------------

/**
 * A record's fields as an editor gives them: `order` may be left out of ordered kinds (createRecord
 * puts a new record last; an update must give the order the record keeps).
 */
export type CreateFields<K extends CollectionKind> = K extends OrderedKind ? Omit<FieldsOf<K>, "order"> & { order?: number } : FieldsOf<K>;

async function nextOrder({ db, sdk }: Connection, kind: OrderedKind): Promise<number> {
  const snap = await sdkCall(sdk.get(sdk.ref(db, PATHS[kind])), "read");
  let max = -1;
  snap.forEach((child) => {
    const order: unknown = child.child("order").val();
    if (typeof order === "number" && order > max) max = order;
  });
  return max + 1;
}

/** A stored film's counted fields as read (null when there is none). */
async function readCountedFilm({ db, sdk }: Connection, id: string): Promise<(CountedFilm & { rev?: unknown }) | null> {
  const raw: unknown = (await sdkCall(sdk.get(sdk.ref(db, recordPath("films", id))), "read")).val();
  return raw !== null && typeof raw === "object" ? (raw as CountedFilm & { rev?: unknown }) : null;
}

/**
 * The entries that keep the films' statistics right after a film write (`before` the stored film,
 * `after` the written one, null for none), sent in the same update as the film. Server increments
 * when the record exists; when it does not (a database from before it), both whole records
 * (filmStats and filmTallies), built from every film with this write applied, so the first film
 * write repairs them.
 */
async function filmStatsUpdates(c: Connection, id: string, before: CountedFilm | null, after: CountedFilm | null): Promise<Record<string, unknown>> {
  const stored = await sdkCall(c.sdk.get(c.sdk.ref(c.db, `${PATHS.filmStats}/count`)), "read");
  if (stored.exists()) return filmStatsIncrements(filmStatsChange(before, after));
  const films = new Map<string, CountedFilm>();
  (await sdkCall(c.sdk.get(c.sdk.ref(c.db, PATHS.films)), "read")).forEach((child) => {
    if (child.key) films.set(child.key, child.val() as CountedFilm);
  });
  if (after) films.set(id, after);
  else films.delete(id);
  return filmStatsRecords([...films.values()]);
}

/** Whether records of `kind` carry an `order` (and can be reordered). */
export const isOrderedKind = (kind: CollectionKind): kind is OrderedKind => (ORDERED_KINDS as readonly string[]).includes(kind);

/**
 * A new record's id (a push id, made in the browser). An editor takes it before the first
 * attempt to create and gives the same one to every retry: a retry whose first attempt was
 * stored after all is then refused by the rules (rev 1 exists) instead of adding a second record.
 */
export async function newRecordId(kind: CollectionKind): Promise<string> {
  const { db, sdk } = await connection();
  const id = sdk.push(sdk.ref(db, PATHS[kind])).key;
  if (id === null) throw new ContentError("unknown");
  return id;
}

/** Create a record (under `id` from newRecordId, or a new push id); returns the id. */
export async function createRecord<K extends CollectionKind>(kind: K, fields: CreateFields<K>, id?: string): Promise<string> {
  const { db, sdk } = await connection();
  let input: unknown = fields;
  if (isOrderedKind(kind) && (fields as { order?: number }).order === undefined) {
    input = { ...fields, order: await nextOrder({ db, sdk }, kind) };
  }
  const value = stripEmpty(parseInput(COLLECTION_FIELD_SCHEMAS[kind], input));
  const key = id ?? (await newRecordId(kind));
  const path = recordPath(kind, key);
  // A film that exists already is refused by the rules (rev 1), so the statistics count it once.
  const stats = kind === "films" ? await filmStatsUpdates({ db, sdk }, key, null, value as CountedFilm) : {};
  await sendChecked({ db, sdk }, { [path]: { ...(value as object), ...stamp(1) }, ...stats }, [{ path, expectedRev: null }]);
  return key;
}

/**
 * Replace a record's fields (checked by the kind's schema: an ordered kind's `order` is required
 * here); refuses (ConflictError) when its rev is no longer `expectedRev`.
 */
export async function updateRecord<K extends CollectionKind>(kind: K, id: string, fields: CreateFields<K>, expectedRev: number): Promise<number> {
  const value = stripEmpty(parseInput(COLLECTION_FIELD_SCHEMAS[kind], fields));
  const { db, sdk } = await connection();
  const path = recordPath(kind, id);
  let stats = {};
  if (kind === "films") {
    // The film replaced is the one at expectedRev (the rules refuse any other), so its figures
    // are the ones to take out; a newer one is a conflict before anything is sent.
    const before = await readCountedFilm({ db, sdk }, id);
    if (before?.rev !== expectedRev) throw new ConflictError(path, typeof before?.rev === "number" ? before.rev : null);
    stats = await filmStatsUpdates({ db, sdk }, id, before, value as CountedFilm);
  }
  await sendChecked({ db, sdk }, { [path]: { ...(value as object), ...stamp(expectedRev + 1) }, ...stats }, [{ path, expectedRev }]);
  return expectedRev + 1;
}

export async function deleteRecord(kind: CollectionKind, id: string): Promise<void> {
  const { db, sdk } = await connection();
  const path = recordPath(kind, id);
  let stats = {};
  if (kind === "films") {
    const before = await readCountedFilm({ db, sdk }, id);
    // Already gone (deleted elsewhere): nothing to take out of the statistics.
    if (before === null) return;
    stats = await filmStatsUpdates({ db, sdk }, id, before, null);
  }
  await sdkCall(sdk.update(sdk.ref(db), withChangeMarks({ [path]: null, ...stats })), "write");
}

/** Give the records `order` 0..n-1 in the given sequence, in one write (compare-and-set on each). */
export async function reorderRecords(kind: OrderedKind, items: readonly { id: string; rev: number }[]): Promise<void> {
  const { db, sdk } = await connection();
  const updates: Record<string, unknown> = {};
  items.forEach((item, index) => {
    const path = recordPath(kind, item.id);
    updates[`${path}/order`] = index;
    updates[`${path}/rev`] = item.rev + 1;
    updates[`${path}/updatedAt`] = SERVER_TIME;
  });
  await sendChecked(
    { db, sdk },
    updates,
    items.map((item) => ({ path: recordPath(kind, item.id), expectedRev: item.rev })),
  );
}

// --- recommendations ------------------------------------------------------------------------

function linkLabel(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, "").slice(0, 60) || "Link";
  } catch {
    return "Link";
  }
}

/**
 * Approve a pending submission: one multi-path update creates the public recommendation
 * (placed last) and deletes the submission. Returns the new recommendation id.
 */
export async function approveSubmission(id: string, overrides: Partial<RecommendationFields> = {}): Promise<string> {
  const { db, sdk } = await connection();
  const path = submissionPath(id);
  const raw: unknown = (await sdkCall(sdk.get(sdk.ref(db, path)), "read")).val();
  if (raw === null) throw new ContentError("not-found", "This submission no longer exists (approved or rejected elsewhere).");
  const submission = decodeOne(RecommendationSubmissionSchema, raw, path);
  if (submission === null) throw new ContentError("invalid", "This submission does not match the expected shape; reject it instead.");
  const fields: RecommendationFields = {
    fullName: submission.fullName,
    role: submission.role,
    relationship: submission.relationship,
    text: submission.text,
    links: submission.link ? [{ label: linkLabel(submission.link), url: submission.link }] : [],
    date: new Date(submission.createdAt).toISOString().slice(0, 10),
    order: await nextOrder({ db, sdk }, "recommendations"),
    ...overrides,
  };
  const value = stripEmpty(parseInput(COLLECTION_FIELD_SCHEMAS.recommendations, fields));
  const newId = sdk.push(sdk.ref(db, PATHS.recommendations)).key;
  if (newId === null) throw new ContentError("unknown");
  const recPath = recordPath("recommendations", newId);
  await sendChecked({ db, sdk }, { [recPath]: { ...value, ...stamp(1) }, [path]: null }, [{ path: recPath, expectedRev: null }]);
  return newId;
}

/** Reject (delete) several pending submissions in one write: a flood is cleared in one step. */
export async function rejectSubmissions(ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  const { db, sdk } = await connection();
  await sdkCall(sdk.update(sdk.ref(db), Object.fromEntries(ids.map((id) => [submissionPath(id), null]))), "write");
}

/** Reject (delete) a pending submission. */
export async function rejectSubmission(id: string): Promise<void> {
  const { db, sdk } = await connection();
  await sdkCall(sdk.update(sdk.ref(db), { [submissionPath(id)]: null }), "write");
}

// --- blog -----------------------------------------------------------------------------------

export interface SavePostOptions {
  /** The slug the post had when loaded, when the editor changed it (the old one is removed). */
  previousSlug?: string;
}

/** The one read a post's save makes, through this connection (a timed SDK get). */
const readerOf =
  (c: Connection): ReadValue =>
  async (path) =>
    (await sdkCall(c.sdk.get(c.sdk.ref(c.db, path)), "read")).val() as unknown;

/**
 * Save a post where its status puts it, with its list-index entry, in one write (planned by
 * planPostSave, which the scheduler's publish uses too). `expectedRev`: the rev you loaded, or
 * null for a new post. A new post whose slug is taken fails with ConflictError. Computes
 * readingMinutes, the body's HTML and table of contents (compile-post.ts) and the timestamps.
 * Resolves with the rev written.
 */
export async function savePost(input: BlogPostInput, expectedRev: number | null, options: SavePostOptions = {}): Promise<number> {
  const fields = parseInput(BlogPostInputSchema, input);
  const compiled = await compiledBody(fields.body);
  const c = await connection();
  const plan = await planPostSave(readerOf(c), fields, expectedRev, { ...options, serverTime: SERVER_TIME, compiled });
  await sendChecked(c, plan.updates, [{ path: plan.sourcePath, expectedRev }]);
  return plan.rev;
}

async function setStatus(slug: string, expectedRev: number, status: "draft" | "published"): Promise<number> {
  const c = await connection();
  const plan = await planStatusChange(readerOf(c), slug, expectedRev, status, SERVER_TIME);
  await sendChecked(c, plan.updates, [{ path: plan.sourcePath, expectedRev }]);
  return plan.rev;
}

/** Publish a post: it moves to blog/posts with its list-index entry, in one write. */
export const publishPost = (slug: string, expectedRev: number) => setStatus(slug, expectedRev, "published");
/** Back to draft: it moves to blog/drafts and its list-index entry goes, in one write. */
export const unpublishPost = (slug: string, expectedRev: number) => setStatus(slug, expectedRev, "draft");

/** Delete a post (wherever it is) and its list-index entry in one write. */
export async function deletePost(slug: string): Promise<void> {
  const c = await connection();
  const stored = await readStoredPost(readerOf(c), slug);
  await sdkCall(c.sdk.update(c.sdk.ref(c.db), withChangeMarks(postRemoval(slug, stored?.post?.series?.slug))), "write");
}

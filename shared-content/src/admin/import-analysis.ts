// An import compared with what is stored: each record added, changed, removed, unchanged or
// invalid, and the one multi-path update (with its compare-and-set checks) that applies it.
// Timestamps and revision counters are bookkeeping: they are not compared, so importing an
// export of the same content changes nothing. An earlier version is history: restored as it was
// exported.
import * as v from "valibot";
import { readingMinutes, LIMITS, PATHS, type CollectionKind, type StoredPost } from "shared-content";
import { ID_PATTERN } from "../limits";
import { COLLECTION_KINDS, revisionsPath } from "../paths";
import { postRemoval, postUpdates } from "../blog";
import { AboutFieldsSchema, BlogPostSchema, COLLECTION_FIELD_SCHEMAS, ContactFieldsSchema, slugSchema, validate } from "../schemas";
import { MediaRecordFieldsSchema, mediaIdSchema } from "../media";
import { filmStatsRecords, type CountedFilm } from "../film-stats";
import { SERVER_TIME } from "./db";
import { cleanForWrite } from "./writes";
import type { ContentTree, ImportPlan, ImportSummary, RecordKind } from "./import-types";
import { DERIVED_TOP_LEVEL, IGNORED_TOP_LEVEL, TOP_LEVEL, canonical, isAbsent, isObject, notAnExportReason, records, splitMeta } from "./import-tree";
import { fieldChanges, recordLabel } from "./import-labels";

const ImportPostSchema = v.strictObject({
  title: BlogPostSchema.entries.title,
  summary: BlogPostSchema.entries.summary,
  body: BlogPostSchema.entries.body,
  tags: BlogPostSchema.entries.tags,
  coverUrl: BlogPostSchema.entries.coverUrl,
  coverImage: BlogPostSchema.entries.coverImage,
  status: BlogPostSchema.entries.status,
  readingMinutes: v.optional(BlogPostSchema.entries.readingMinutes),
  createdAt: v.optional(BlogPostSchema.entries.createdAt),
  publishedAt: BlogPostSchema.entries.publishedAt,
  series: BlogPostSchema.entries.series,
});

/** The series slug a stored post names, if any (its part goes when the post leaves or is removed). */
const seriesSlugOf = (fields: unknown): string | undefined => {
  const series = isObject(fields) ? fields.series : undefined;
  return isObject(series) && typeof series.slug === "string" ? series.slug : undefined;
};
interface Unit {
  path: string;
  schema: v.GenericSchema;
  kind: RecordKind;
}

function firstIssue(result: { ok: false; errors: Record<string, string> }): string {
  const [path, message] = Object.entries(result.errors)[0] ?? ["", "invalid"];
  return path ? `${path}: ${message}` : message;
}

/** The plan as analyseImport's steps build it, with what one step tells a later one. */
interface PlanInProgress extends ImportPlan {
  // Drafts still in blog/posts (data from before drafts had their own node, which visitors can
  // now read): importing them, even unchanged, moves them to blog/drafts.
  misplaced: Set<string>;
  // The films of the file (valid ones: with any invalid record nothing is written), for the statistics.
  importedFilms: CountedFilm[];
}

const UNKNOWN_NODE = "Unknown node: not part of the site's content.";
const ID_SCHEMA = v.pipe(v.string(), v.maxLength(LIMITS.id.max), v.regex(ID_PATTERN));
const VERSION_KEY = /^v[0-9]{1,15}$/;
const KEY_RULE = {
  posts: "The key must be a slug (lowercase letters, digits, hyphens).",
  media: "The key must be a media id: 16 hex digits of the picture's hash, then its size (0123456789abcdef-1600x1200).",
  record: "The key must hold only letters, digits, - and _.",
};

/** Compare an incoming tree with the current one; pure (no database access). */
export function analyseImport(incoming: unknown, current: ContentTree): ImportPlan {
  const plan: PlanInProgress = {
    summary: { added: [], changed: [], removed: [], unchanged: 0, invalid: [], ignored: [], details: {} },
    updates: {},
    checks: [],
    misplaced: new Set(),
    importedFilms: [],
  };
  const refusal = notAnExportReason(incoming);
  if (refusal !== undefined || !isObject(incoming)) {
    plan.summary.notAnExport = refusal;
  } else {
    listNonContentNodes(plan.summary, incoming);
    if ("site" in incoming) compareSite(plan, incoming.site, current.site);
    for (const kind of COLLECTION_KINDS) {
      if (kind in incoming) compareCollection(plan, kind, PATHS[kind], incoming[kind], current[kind]);
    }
    // The file's films replace the stored ones: the statistics (filmStats and filmTallies) are recomputed from them, in the
    // same update (and left alone when the films do not change, so importing an export is a no-op).
    if ("films" in incoming && filmsChange(plan.updates)) Object.assign(plan.updates, filmStatsRecords(plan.importedFilms));
    if ("blog" in incoming) compareBlog(plan, incoming.blog, current.blog);
    if (PATHS.media in incoming) compareCollection(plan, "media", PATHS.media, incoming[PATHS.media], current[PATHS.media]);
  }
  return { summary: plan.summary, updates: plan.updates, checks: plan.checks };
}

/** Lists the file's top-level nodes that are not content: skipped ones as ignored, unknown ones as invalid (derived ones silently). */
function listNonContentNodes(summary: ImportSummary, incoming: Record<string, unknown>) {
  for (const key of Object.keys(incoming)) {
    if (IGNORED_TOP_LEVEL.includes(key)) summary.ignored.push(key);
    else if (DERIVED_TOP_LEVEL.includes(key)) continue;
    else if (!(TOP_LEVEL as readonly string[]).includes(key)) summary.invalid.push({ path: key, reason: UNKNOWN_NODE });
  }
}

const filmsChange = (updates: Record<string, unknown>): boolean => Object.keys(updates).some((path) => path.startsWith(`${PATHS.films}/`));

/**
 * A node of the file that holds named children (site, blog): the children, with any it may not
 * hold listed as invalid; null, listed as invalid, when it is not an object.
 */
function childrenOf(summary: ImportSummary, path: string, node: unknown, known: readonly string[], shape: string): Record<string, unknown> | null {
  if (node !== null && !isObject(node)) {
    summary.invalid.push({ path, reason: shape });
    return null;
  }
  const children = node ?? {};
  for (const key of Object.keys(children)) {
    if (!known.includes(key)) summary.invalid.push({ path: `${path}/${key}`, reason: UNKNOWN_NODE });
  }
  return children;
}

function compareSite(plan: PlanInProgress, site: unknown, currentSite: unknown) {
  const s = childrenOf(plan.summary, "site", site, ["about", "contact"], "Must be an object with about and contact.");
  if (s === null) return;
  const curSite = isObject(currentSite) ? currentSite : {};
  compareRecord(plan, { path: PATHS.about, schema: AboutFieldsSchema, kind: "about" }, s.about, curSite.about);
  compareRecord(plan, { path: PATHS.contact, schema: ContactFieldsSchema, kind: "contact" }, s.contact, curSite.contact);
}

function compareBlog(plan: PlanInProgress, blog: unknown, currentBlog: unknown) {
  // blog/index is derived from the posts and rebuilt, so it is neither compared nor listed.
  const b = childrenOf(plan.summary, "blog", blog, ["posts", "drafts", "index", "revisions"], "Must be an object with posts (and index).");
  if (b === null) return;
  const curBlog = isObject(currentBlog) ? currentBlog : {};
  plan.misplaced = draftsAmongPublished(curBlog);
  // Published posts and drafts are one set of posts keyed by slug; each record's status says
  // where it is stored (an export made before drafts had their own node has them in posts).
  compareCollection(plan, "posts", PATHS.posts, allPosts(b), allPosts(curBlog));
  if ("revisions" in b) compareEarlierVersions(plan, b.revisions, curBlog.revisions);
}

/** The slugs of the drafts stored among the published posts (see PlanInProgress.misplaced). */
function draftsAmongPublished(blog: Record<string, unknown>): Set<string> {
  return new Set(records(blog.posts).flatMap(([slug, post]) => (isObject(post) && post.status !== "published" ? [slug] : [])));
}

/** Each record of a collection (or the posts), by key, in the file or stored now. */
function compareCollection(plan: PlanInProgress, kind: CollectionKind | "posts" | "media", path: string, node: unknown, currentNode: unknown) {
  if (!isAbsent(node) && !isObject(node) && !Array.isArray(node)) {
    plan.summary.invalid.push({ path, reason: "Must be an object of records keyed by id." });
    return;
  }
  const inc = new Map(records(node));
  const cur = new Map(records(currentNode));
  const schema = kind === "posts" ? ImportPostSchema : kind === "media" ? MediaRecordFieldsSchema : COLLECTION_FIELD_SCHEMAS[kind];
  const keySchema = kind === "posts" ? slugSchema : kind === "media" ? mediaIdSchema : ID_SCHEMA;
  for (const id of new Set([...inc.keys(), ...cur.keys()])) {
    const recordPath = `${path}/${id}`;
    if (inc.has(id) && !v.is(keySchema, id)) {
      plan.summary.invalid.push({
        path: recordPath,
        reason: KEY_RULE[kind === "posts" || kind === "media" ? kind : "record"],
      });
      continue;
    }
    compareRecord(plan, { path: recordPath, schema, kind }, inc.get(id), cur.get(id));
  }
}

/** One record: removed, invalid, unchanged, added or changed; each is compared and written on its own. */
function compareRecord(plan: PlanInProgress, unit: Unit, incomingRaw: unknown, currentRaw: unknown) {
  const { summary } = plan;
  const cur = splitMeta(currentRaw);
  const exists = !isAbsent(currentRaw);
  if (isAbsent(incomingRaw)) {
    if (exists) planRemoval(plan, unit, cur.fields);
    return;
  }
  const checked = validate(unit.schema, splitMeta(incomingRaw).fields);
  if (!checked.ok) {
    summary.invalid.push({ path: unit.path, reason: firstIssue(checked) });
    return;
  }
  const value = cleanForWrite(checked.value) as Record<string, unknown>;
  if (unit.kind === "films") plan.importedFilms.push(value as unknown as CountedFilm);
  const currentChecked = exists ? validate(unit.schema, cur.fields) : null;
  const currentValue = currentChecked?.ok ? (cleanForWrite(currentChecked.value) as Record<string, unknown>) : null;
  if (currentValue !== null && canonical(currentValue) === canonical(value) && !(unit.kind === "posts" && plan.misplaced.has(slugOf(unit.path)))) {
    summary.unchanged += 1;
    return;
  }
  (exists ? summary.changed : summary.added).push(unit.path);
  summary.details[unit.path] = {
    label: recordLabel(unit.kind, value),
    ...(exists ? { changes: fieldChanges(currentValue ?? (isObject(cur.fields) ? cur.fields : {}), value) } : {}),
  };
  plan.checks.push({ path: unit.path, expectedRev: exists ? cur.rev : null });
  Object.assign(plan.updates, recordWrite(unit, value, cur));
}

function planRemoval(plan: PlanInProgress, unit: Unit, currentFields: unknown) {
  plan.summary.removed.push(unit.path);
  plan.summary.details[unit.path] = { label: recordLabel(unit.kind, currentFields) };
  if (unit.kind === "posts") Object.assign(plan.updates, postRemoval(slugOf(unit.path), seriesSlugOf(currentFields)));
  else plan.updates[unit.path] = null;
}

/** The update that stores an added or changed record, its rev one past the stored one. */
function recordWrite(unit: Unit, value: Record<string, unknown>, current: { fields: unknown; rev: number | null }): Record<string, unknown> {
  const rev = (current.rev ?? 0) + 1;
  if (unit.kind !== "posts") return { [unit.path]: { ...value, rev, updatedAt: SERVER_TIME } };
  // Validated against ImportPostSchema by compareRecord.
  const fields = value as v.InferOutput<typeof ImportPostSchema>;
  const previous = isObject(current.fields) ? current.fields : {};
  const publishedAt = fields.publishedAt ?? previous.publishedAt ?? (fields.status === "published" ? SERVER_TIME : undefined);
  const post: StoredPost & Record<string, unknown> = {
    ...fields,
    readingMinutes: fields.readingMinutes ?? readingMinutes(fields.body),
    createdAt: fields.createdAt ?? previous.createdAt ?? SERVER_TIME,
    ...(publishedAt === undefined ? {} : { publishedAt }),
    rev,
    updatedAt: SERVER_TIME,
  };
  // Stored where its status puts it (moved if the status changed), with its list entry.
  return postUpdates(slugOf(unit.path), post, seriesSlugOf(previous));
}

// Each kept version is a record of its own, written exactly as exported (its rev and dates
// are the history), with no compare-and-set: nothing edits a version.
function compareEarlierVersions(plan: PlanInProgress, node: unknown, currentNode: unknown) {
  const { summary, updates } = plan;
  const inc = new Map(records(node));
  const cur = new Map(records(currentNode));
  for (const slug of new Set([...inc.keys(), ...cur.keys()])) {
    // A post the import removes takes its versions with it (postRemoval).
    if (updates[revisionsPath(slug)] === null) continue;
    const incVersions = new Map(records(inc.get(slug)));
    const curVersions = new Map(records(cur.get(slug)));
    for (const key of new Set([...incVersions.keys(), ...curVersions.keys()])) {
      const path = `${revisionsPath(slug)}/${key}`;
      const raw = incVersions.get(key);
      const before = curVersions.get(key);
      if (isAbsent(raw)) {
        summary.removed.push(path);
        summary.details[path] = { label: recordLabel("posts", before) };
        updates[path] = null;
        continue;
      }
      if (!v.is(slugSchema, slug) || !VERSION_KEY.test(key)) {
        summary.invalid.push({ path, reason: "An earlier version is keyed by the post's slug, then v and its time (v1700000000000)." });
        continue;
      }
      const checked = validate(BlogPostSchema, raw);
      if (!checked.ok) {
        summary.invalid.push({ path, reason: firstIssue(checked) });
        continue;
      }
      if (!isAbsent(before) && canonical(before) === canonical(checked.value)) {
        summary.unchanged += 1;
        continue;
      }
      (isAbsent(before) ? summary.added : summary.changed).push(path);
      summary.details[path] = { label: recordLabel("posts", checked.value) };
      updates[path] = cleanForWrite(checked.value);
    }
  }
}

/**
 * The records in a file as an import counts them (about and contact, each collection entry,
 * post and kept version): the export says this number, and the import preview of the same file
 * lists as many.
 */
export function countRecords(tree: unknown): number {
  const { summary } = analyseImport(tree, {});
  return summary.added.length + summary.invalid.length;
}

/** blog/posts and blog/drafts as one object of posts keyed by slug. */
function allPosts(blog: Record<string, unknown>): Record<string, unknown> | undefined {
  if (blog.posts === undefined && blog.drafts === undefined) return undefined;
  return { ...Object.fromEntries(records(blog.drafts)), ...Object.fromEntries(records(blog.posts)) };
}

const slugOf = (postUnitPath: string) => postUnitPath.slice(PATHS.posts.length + 1);

// Export and import of all content as one JSON tree, in the same shape as the database (and
// the demo seed), posts' earlier versions (blog/revisions) included. An import is validated and
// summarised before anything is written (import-analysis.ts), then written in one multi-path
// update.
// The media library's records (media/) travel too; the picture files themselves are in
// Storage and are copied separately (docs/deploy.md, "Moving data").
import { toContentError, PATHS } from "shared-content";
import { ContentError } from "../errors";
import { COLLECTION_KINDS } from "../paths";
import { compileBodiesIn } from "./compile-post";
import { connection, type Connection } from "./db";
import { sendUpdates } from "./writes";
import { analyseImport } from "./import-analysis";
import type { ContentTree, ImportSummary } from "./import-types";

export { analyseImport, countRecords } from "./import-analysis";
export { notAnExportReason } from "./import-tree";
export type { ContentTree, ImportIssue, ImportSummary, RecordDetail, FieldChange, ImportPlan } from "./import-types";

async function readNode({ db, sdk }: Connection, path: string): Promise<unknown> {
  return (await sdk.get(sdk.ref(db, path))).val();
}

/** Every content node as one JSON tree (admin only: drafts are included). */
export async function exportAll(): Promise<ContentTree> {
  try {
    const db = await connection();
    const [about, contact, posts, drafts, index, revisions, media, ...collections] = await Promise.all([
      readNode(db, PATHS.about),
      readNode(db, PATHS.contact),
      readNode(db, PATHS.posts),
      readNode(db, PATHS.drafts),
      readNode(db, PATHS.blogIndex),
      readNode(db, PATHS.revisions),
      readNode(db, PATHS.media),
      ...COLLECTION_KINDS.map((kind) => readNode(db, PATHS[kind])),
    ]);
    const tree: ContentTree = {
      site: { ...(about === null ? {} : { about }), ...(contact === null ? {} : { contact }) },
    };
    COLLECTION_KINDS.forEach((kind, i) => {
      tree[kind] = collections[i] ?? {};
    });
    tree.blog = { posts: posts ?? {}, drafts: drafts ?? {}, index: index ?? {}, revisions: revisions ?? {} };
    tree[PATHS.media] = media ?? {};
    return tree;
  } catch (error) {
    throw toContentError(error);
  }
}

/** What importAll(tree) would do, without writing anything. */
export async function previewImport(tree: unknown): Promise<ImportSummary> {
  return analyseImport(tree, await exportAll()).summary;
}

/**
 * Validate, then write the whole import in one multi-path update. Throws ContentError
 * ("invalid") without writing when any record is invalid. Returns what was done.
 */
export async function importAll(tree: unknown): Promise<ImportSummary> {
  const plan = analyseImport(tree, await exportAll());
  if (plan.summary.notAnExport !== undefined) throw new ContentError("invalid", plan.summary.notAnExport);
  if (plan.summary.invalid.length > 0) {
    throw new ContentError("invalid", `The import has ${plan.summary.invalid.length} invalid record(s); nothing was written.`);
  }
  await compileBodiesIn(plan.updates);
  if (Object.keys(plan.updates).length > 0) await sendUpdates(plan.updates, plan.checks);
  return plan.summary;
}

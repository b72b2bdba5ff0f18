// Where each picture is used, and the rewrite that makes every use follow a change (an edited
// alt text, a replaced file). Pure: the library reads the content (as admin) and sends the
// rewritten records in one update (media-library.ts). A use is an ImageRef ({ id, alt, ... }) or a
// variant URL (an image URL field, a markdown body) anywhere in a record, so any image field
// counts without a list of field names.
import { PATHS } from "shared-content";
import { mediaIdOfUrl, MEDIA_ID_PATTERN, type MediaStorage } from "../media";

export type MediaUseKind = "avatar" | "project" | "post" | "draft" | "film";

export interface MediaUse {
  /** The record that uses the picture (site/about, projects/{id}, blog/posts/{slug}, blog/drafts/{slug}, films/{id}). */
  path: string;
  kind: MediaUseKind;
  /** The record as the owner knows it: “Hello world” (a post's title), a film's title, ... */
  label: string;
  /** The record's fields that use it (coverImage, coverUrl, body, ...). */
  fields: string[];
}

/** The content a use can be in, as read (raw JSON, each node null when absent). */
export interface UseSources {
  about: unknown;
  projects: unknown;
  posts: unknown;
  drafts: unknown;
  films: unknown;
}

/** Where each kind of use is read from: one record, or a node of records. */
export const USE_SOURCES: { key: keyof UseSources; path: string; kind: MediaUseKind; single?: true }[] = [
  { key: "about", path: PATHS.about, kind: "avatar", single: true },
  { key: "projects", path: PATHS.projects, kind: "project" },
  { key: "posts", path: PATHS.posts, kind: "post" },
  { key: "drafts", path: PATHS.drafts, kind: "draft" },
  { key: "films", path: PATHS.films, kind: "film" },
];

const isObject = (x: unknown): x is Record<string, unknown> => x !== null && typeof x === "object" && !Array.isArray(x);
const isImageRef = (x: unknown): x is { id: string; alt?: unknown } => isObject(x) && typeof x.id === "string" && MEDIA_ID_PATTERN.test(x.id);
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Variant URLs of `storage` in a text (a URL field, or URLs inside markdown). */
const urlPattern = (storage: MediaStorage) =>
  new RegExp(`${escapeRegExp(`${storage.origin}/v0/b/${encodeURIComponent(storage.bucket)}/o/`)}[^\\s)"'<>\\]]+`, "g");

/** Every media id a value refers to. */
function idsIn(value: unknown, storage: MediaStorage, found = new Set<string>()): Set<string> {
  if (typeof value === "string") {
    for (const match of value.matchAll(urlPattern(storage))) {
      const id = mediaIdOfUrl(storage, match[0]);
      if (id) found.add(id);
    }
  } else if (isImageRef(value)) {
    found.add(value.id);
  } else if (Array.isArray(value)) {
    for (const item of value) idsIn(item, storage, found);
  } else if (isObject(value)) {
    for (const item of Object.values(value)) idsIn(item, storage, found);
  }
  return found;
}

function labelOf(kind: MediaUseKind, record: Record<string, unknown>, key: string): string {
  const title = typeof record.title === "string" ? record.title : key;
  switch (kind) {
    case "avatar":
      return "the avatar (About)";
    case "project":
      return `project “${title}”`;
    case "post":
      return `post “${title}”`;
    case "draft":
      return `draft “${title}”`;
    case "film":
      return `film “${title}”`;
  }
}

/** Each record of a source with its path. */
function recordsOf(source: (typeof USE_SOURCES)[number], node: unknown): [string, string, Record<string, unknown>][] {
  if (source.single) return isObject(node) ? [[source.path, "about", node]] : [];
  const entries = Array.isArray(node) ? node.map((x, i) => [String(i), x] as const) : isObject(node) ? Object.entries(node) : [];
  return entries.flatMap(([key, record]) => (isObject(record) ? [[`${source.path}/${key}`, key, record] as [string, string, Record<string, unknown>]] : []));
}

/** Every use of every picture, by media id. */
export function mediaUses(sources: UseSources, storage: MediaStorage): Map<string, MediaUse[]> {
  const uses = new Map<string, MediaUse[]>();
  for (const source of USE_SOURCES) {
    for (const [path, key, record] of recordsOf(source, sources[source.key])) {
      const byId = new Map<string, string[]>();
      for (const [field, value] of Object.entries(record)) {
        for (const id of idsIn(value, storage)) byId.set(id, [...(byId.get(id) ?? []), field]);
      }
      for (const [id, fields] of byId) {
        uses.set(id, [...(uses.get(id) ?? []), { path, kind: source.kind, label: labelOf(source.kind, record, key), fields }]);
      }
    }
  }
  return uses;
}

/** The uses in one sentence: “post “Hello”, the avatar (About) and 2 more”. */
export function describeUses(uses: readonly MediaUse[], shown = 3): string {
  const labels = uses.map((u) => u.label);
  if (labels.length <= shown) return labels.length > 1 ? `${labels.slice(0, -1).join(", ")} and ${labels.at(-1)}` : (labels[0] ?? "");
  return `${labels.slice(0, shown).join(", ")} and ${labels.length - shown} more`;
}

/** What a rewrite does to every use of one picture. */
export type UseChange =
  /** A new alt text: every ImageRef's alt, and the alt of every markdown image of the picture. */
  | { alt: string }
  /** Another picture in its place: every ImageRef's id and placeholder (its alt kept), every URL the new share URL. */
  | { replaceWith: { id: string; placeholder?: string; url: string } };

/** Markdown alt text: brackets escaped so the image syntax stays whole. */
export const markdownAlt = (alt: string) => alt.replace(/[[\]\\]/g, "\\$&").replace(/\s+/g, " ");

function rewriteText(text: string, id: string, storage: MediaStorage, change: UseChange): string {
  const urls = urlPattern(storage).source;
  if ("alt" in change) {
    // Alt text may hold escapes and one level of balanced brackets, as markdown allows.
    return text.replace(new RegExp(`!\\[((?:\\\\.|\\[[^\\[\\]]*\\]|[^\\[\\]\\\\])*)\\]\\((${urls})`, "g"), (whole, _alt: string, url: string) =>
      mediaIdOfUrl(storage, url) === id ? `![${markdownAlt(change.alt)}](${url}` : whole,
    );
  }
  return text.replace(urlPattern(storage), (url) => (mediaIdOfUrl(storage, url) === id ? change.replaceWith.url : url));
}

/** `value` with every use of picture `id` changed; the same object when nothing uses it. */
export function rewriteUses<T>(value: T, id: string, storage: MediaStorage, change: UseChange): T {
  const walk = (x: unknown): unknown => {
    if (typeof x === "string") return rewriteText(x, id, storage, change);
    if (isImageRef(x) && x.id === id) {
      if ("alt" in change) return { ...x, alt: change.alt };
      const { placeholder: _old, focus: _focus, ...rest } = x as Record<string, unknown>;
      const { placeholder } = change.replaceWith;
      return { ...rest, id: change.replaceWith.id, ...(placeholder ? { placeholder } : {}) };
    }
    if (Array.isArray(x)) {
      const next = x.map(walk);
      return next.some((item, i) => item !== x[i]) ? next : x;
    }
    if (isObject(x)) {
      const next = Object.fromEntries(Object.entries(x).map(([k, item]) => [k, walk(item)]));
      return Object.keys(x).some((k) => next[k] !== x[k]) ? next : x;
    }
    return x;
  };
  return walk(value) as T;
}

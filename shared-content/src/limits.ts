// One set of limits for the schemas, the forms and database.rules.json (generated from these
// numbers by src/rules/build-rules.ts), so a value a form accepts is a value the rules accept.

export const LIMITS = {
  /** Record keys (push ids, slugs). */
  id: { max: 64 },
  url: { max: 500 },
  /** Short labels: link labels, categories, tags, technologies, countries. */
  label: { min: 1, max: 60 },
  /** Names, titles, companies, roles. */
  name: { min: 1, max: 120 },
  headline: { min: 1, max: 160 },
  location: { max: 100 },
  email: { max: 254 },
  phone: { max: 40 },
  /** Markdown fields such as a bio or an experience summary. */
  markdown: { max: 20_000 },
  /** One-paragraph summaries (posts, projects in an experience entry). */
  summary: { max: 400 },
  postBody: { min: 1, max: 100_000 },
  /** A post's body compiled to sanitised HTML when it is saved (highlighted code is several times its markdown). */
  postHtml: { min: 1, max: 1_000_000 },
  /** A post's table of contents, compiled with its HTML: entries (h2, h3), and each one's id and text. */
  toc: { items: 100, id: { min: 1, max: 100 }, text: { min: 1, max: 300 } },
  /** Earlier versions kept per post (the oldest goes when a save would keep more). */
  revisionsKept: 10,
  slug: { min: 1, max: 80 },
  /** Items in any list (links, tags, technologies, projects, directors). */
  listItems: { max: 30 },
  order: { min: 0, max: 1_000_000 },
  recommendation: { text: { min: 20, max: 3000 } },
  submission: {
    fullName: { min: 2, max: 80 },
    role: { min: 2, max: 100 },
    relationship: { min: 2, max: 100 },
    text: { min: 20, max: 2000 },
    link: { max: 300 },
    /** A visitor (one anonymous uid) may send again this long after their last submission. */
    minIntervalMs: 10 * 60 * 1000,
  },
  quote: { text: { min: 1, max: 1000 }, author: { min: 1, max: 120 }, work: { max: 160 }, year: { min: -3000, max: 2100 } },
  film: {
    title: { min: 1, max: 200 },
    year: { min: 1870, max: 2100 },
    minutes: { min: 1, max: 1000 },
    rating: { min: 0, max: 5 },
    synopsis: { max: 2000 },
  },
  readingMinutes: { min: 1, max: 600 },
  /** A post's part number in its series (scheduling.ts / series.ts). */
  seriesPart: { min: 1, max: 999 },
  /** Why the scheduler did not publish a post, or why its run failed: one short paragraph. */
  schedulerNote: { max: 500 },
  /** Alt text of a picture (media.ts). */
  alt: { min: 1, max: 300 },
  /** An uploaded picture's original file name, kept in its media record (media.ts). */
  fileName: { min: 1, max: 200 },
} as const;

/** Page size of the blog list (load more past this many). */
export const BLOG_PAGE_SIZE = 10;
/**
 * Window of films loaded at once on the films page: a phone's first screens, not more (each card
 * is about 20 DOM nodes and, with a poster, 1.5 KB of record and 2 KB of markup; 50 put 155 KB of
 * HTML and 980 DOM nodes on the page at 100x the demo: docs/architecture.md, "A phone's main
 * thread at 100x"). The rest arrives on scroll.
 */
export const FILMS_PAGE_SIZE = 20;
/**
 * The blog list filtered by a tag or a search looks through this many of the newest list entries
 * at a time (the database cannot query inside a list of tags), and further back on request.
 */
export const BLOG_SCAN_WINDOW = 50;
/** Window of quotes loaded at once on the quotes page. */
export const QUOTES_PAGE_SIZE = 30;
/**
 * How many list entries a post page reads on each side of its post (two bounded queries): the
 * newer and older posts are the nearest, related posts are chosen among them.
 */
export const POST_NEIGHBOURHOOD = 10;
/** A live read with no answer after this long reports `unavailable` (the listener stays open). */
export const DEFAULT_LOAD_TIMEOUT_MS = 6000;

export const URL_PATTERN = /^https?:\/\/\S+$/;
/** A path on this site (images the shell serves, e.g. /images/avatar.svg): one "/", then not "/" or "\\". */
export const SITE_PATH_PATTERN = /^\/[A-Za-z0-9_.-]\S*$/;
export const MONTH_PATTERN = /^[0-9]{4}-(0[1-9]|1[0-2])$/;
export const DATE_PATTERN = /^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$/;
export const SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;
export const ID_PATTERN = /^[A-Za-z0-9_-]+$/;
// No escapes inside [...] sets: the database rules regex dialect is narrower than JavaScript's.
export const EMAIL_PATTERN = /^[^@ ]+@[^@ ]+\.[^@ ]+$/;

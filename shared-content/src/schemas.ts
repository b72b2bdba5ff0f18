// Valibot schemas for every entity. They decode database reads (never `as T`), validate form
// input before a write, and validate imports. Objects are strict: the rules reject unknown
// fields ($other: .validate false), so a record with one is invalid here too.
import * as v from "valibot";
import { DATE_PATTERN, EMAIL_PATTERN, LIMITS, MONTH_PATTERN, SLUG_PATTERN, URL_PATTERN, SITE_PATH_PATTERN } from "./limits";
import { ImageRefSchema } from "./media";

type Range = { readonly min?: number; readonly max: number };

/** A required string with the given length range. */
export const text = (range: Range, label = "This field") =>
  v.pipe(
    v.string(`${label} must be text`),
    v.minLength(range.min ?? 1, range.min && range.min > 1 ? `${label} needs at least ${range.min} characters` : `${label} is required`),
    v.maxLength(range.max, `${label} must be at most ${range.max} characters`),
  );

/** An optional non-empty string (absent in the database when empty). */
export const optionalText = (range: Range, label = "This field") => v.optional(text({ min: 1, max: range.max }, label));

export const urlSchema = v.pipe(
  v.string("A URL must be text"),
  v.maxLength(LIMITS.url.max, `A URL must be at most ${LIMITS.url.max} characters`),
  v.regex(URL_PATTERN, "A URL must start with http:// or https://"),
);
export const optionalUrl = v.optional(urlSchema);
/** An image may also be a path on this site (the shell serves /images/...). */
export const imageUrlSchema = v.pipe(
  v.string("An image URL must be text"),
  v.maxLength(LIMITS.url.max, `An image URL must be at most ${LIMITS.url.max} characters`),
  v.check(
    (value) => URL_PATTERN.test(value) || SITE_PATH_PATTERN.test(value),
    "An image URL must start with https:// or be a path on this site, like /images/photo.jpg",
  ),
);
export const optionalImageUrl = v.optional(imageUrlSchema);
/**
 * An uploaded picture (media.ts), stored beside its image URL field: pages render it responsive
 * from this alone. The URL field stays (old readers and link previews read it; for an upload it
 * is the share JPEG's URL); without an ImageRef the URL is an image typed by hand.
 */
export const optionalImageRef = v.optional(ImageRefSchema);
export const monthSchema = v.pipe(v.string("Use the form YYYY-MM"), v.regex(MONTH_PATTERN, "Use the form YYYY-MM"));
export const dateSchema = v.pipe(v.string("Use the form YYYY-MM-DD"), v.regex(DATE_PATTERN, "Use the form YYYY-MM-DD"));
export const timestampSchema = v.pipe(v.number("Must be a timestamp"), v.integer("Must be a timestamp"), v.minValue(0, "Must be a timestamp"));
export const orderSchema = v.pipe(
  v.number("Order must be a number"),
  v.integer("Order must be a whole number"),
  v.minValue(LIMITS.order.min, "Order must not be negative"),
  v.maxValue(LIMITS.order.max, `Order must be at most ${LIMITS.order.max}`),
);
const intRange = (min: number, max: number, label: string) =>
  v.pipe(
    v.number(`${label} must be a number`),
    v.integer(`${label} must be a whole number`),
    v.minValue(min, `${label} must be at least ${min}`),
    v.maxValue(max, `${label} must be at most ${max}`),
  );

/**
 * A list. The database stores arrays as objects keyed "0", "1", ... and drops empty ones, so
 * the decoder accepts an array, such an object, or nothing (-> []).
 */
export const list = <T extends v.GenericSchema>(item: T, label = "List", max: number = LIMITS.listItems.max) =>
  v.pipe(
    v.optional(v.union([v.array(item), v.record(v.pipe(v.string(), v.regex(/^[0-9]+$/)), item)], `${label} must be a list`), () => []),
    v.transform((value): v.InferOutput<T>[] =>
      Array.isArray(value)
        ? value
        : Object.keys(value)
            .sort((a, b) => Number(a) - Number(b))
            .map((k) => value[k] as v.InferOutput<T>),
    ),
    v.maxLength(max, `${label} may hold at most ${max} items`),
  );

/** Fields every editable record carries. `rev` makes saves compare-and-set (see README). */
const meta = {
  rev: v.pipe(v.number(), v.integer(), v.minValue(1)),
  updatedAt: timestampSchema,
};

export const LinkSchema = v.strictObject({
  label: text(LIMITS.label, "Label"),
  url: urlSchema,
});

// --- site/about -----------------------------------------------------------------------------
export const AboutFieldsSchema = v.strictObject({
  /** The owner's name: page titles, previews and the home page's structured data (Person). */
  name: optionalText({ max: LIMITS.name.max }, "Name"),
  headline: text(LIMITS.headline, "Headline"),
  bio: text({ min: 1, max: LIMITS.markdown.max }, "Bio"),
  avatarUrl: optionalImageUrl,
  avatarImage: optionalImageRef,
  location: optionalText(LIMITS.location, "Location"),
  cvUrl: optionalUrl,
});
export const AboutSchema = v.strictObject({ ...AboutFieldsSchema.entries, ...meta });

// --- site/contact ---------------------------------------------------------------------------
export const ContactFieldsSchema = v.strictObject({
  email: v.pipe(text(LIMITS.email, "Email"), v.regex(EMAIL_PATTERN, "Enter an email address")),
  phone: optionalText(LIMITS.phone, "Phone"),
  location: optionalText(LIMITS.location, "Location"),
  links: list(LinkSchema, "Links"),
});
export const ContactSchema = v.strictObject({ ...ContactFieldsSchema.entries, ...meta });

// --- experience/{id} ------------------------------------------------------------------------
export const ExperienceProjectSchema = v.strictObject({
  name: text(LIMITS.name, "Project name"),
  description: optionalText(LIMITS.summary, "Description"),
  technologies: list(text(LIMITS.label, "Technology"), "Technologies"),
});
const experienceEntries = {
  company: text(LIMITS.name, "Company"),
  companyUrl: optionalUrl,
  role: text(LIMITS.name, "Role"),
  location: optionalText(LIMITS.location, "Location"),
  start: monthSchema,
  /** Absent = present (current position). */
  end: v.optional(monthSchema),
  summary: optionalText(LIMITS.markdown, "Summary"),
  projects: list(ExperienceProjectSchema, "Projects"),
  order: orderSchema,
};
const END_MESSAGE = "The end month must not be before the start month";
export const ExperienceFieldsSchema = v.pipe(
  v.strictObject(experienceEntries),
  v.check((e) => e.end === undefined || e.end >= e.start, END_MESSAGE),
);
export const ExperienceSchema = v.pipe(
  v.strictObject({ ...experienceEntries, ...meta }),
  v.check((e) => e.end === undefined || e.end >= e.start, END_MESSAGE),
);

// --- skills/{id} ----------------------------------------------------------------------------
export const SkillFieldsSchema = v.strictObject({
  name: text(LIMITS.label, "Name"),
  category: text(LIMITS.label, "Category"),
  order: orderSchema,
});
export const SkillSchema = v.strictObject({ ...SkillFieldsSchema.entries, ...meta });

// --- projects/{id} (free-time projects) -----------------------------------------------------
export const ProjectFieldsSchema = v.strictObject({
  title: text(LIMITS.name, "Title"),
  summary: text({ min: 1, max: LIMITS.markdown.max }, "Summary"),
  sourceUrl: optionalUrl,
  liveUrl: optionalUrl,
  imageUrl: optionalImageUrl,
  image: optionalImageRef,
  technologies: list(text(LIMITS.label, "Technology"), "Technologies"),
  date: monthSchema,
  order: orderSchema,
});
export const ProjectSchema = v.strictObject({ ...ProjectFieldsSchema.entries, ...meta });

// --- recommendations/{id} (approved, public) ------------------------------------------------
export const RecommendationFieldsSchema = v.strictObject({
  fullName: text(LIMITS.submission.fullName, "Name"),
  role: text(LIMITS.name, "Role"),
  relationship: text(LIMITS.name, "Relationship"),
  text: text(LIMITS.recommendation.text, "Recommendation"),
  avatarUrl: optionalImageUrl,
  links: list(LinkSchema, "Links"),
  date: dateSchema,
  order: orderSchema,
});
export const RecommendationSchema = v.strictObject({ ...RecommendationFieldsSchema.entries, ...meta });

// --- recommendationSubmissions/{id} (anyone creates, admins read) ---------------------------
export const RecommendationSubmissionInputSchema = v.strictObject({
  fullName: text(LIMITS.submission.fullName, "Name"),
  role: text(LIMITS.submission.role, "Role"),
  relationship: text(LIMITS.submission.relationship, "Relationship"),
  text: text(LIMITS.submission.text, "Recommendation"),
  link: v.optional(
    v.pipe(
      v.string("A URL must be text"),
      v.maxLength(LIMITS.submission.link.max, `A link must be at most ${LIMITS.submission.link.max} characters`),
      v.regex(URL_PATTERN, "A link must start with http:// or https://"),
    ),
  ),
});
export const RecommendationSubmissionSchema = v.strictObject({
  ...RecommendationSubmissionInputSchema.entries,
  createdAt: timestampSchema,
});

// --- blog/posts/{slug} and blog/index/{slug} ------------------------------------------------
export const PostStatusSchema = v.picklist(["draft", "published"], "Status must be draft or published");
export const slugSchema = v.pipe(
  v.string("A slug must be text"),
  v.minLength(LIMITS.slug.min, "A slug is required"),
  v.maxLength(LIMITS.slug.max, `A slug must be at most ${LIMITS.slug.max} characters`),
  v.regex(SLUG_PATTERN, "Use lowercase letters, digits and single hyphens"),
);
const seriesTitle = text(LIMITS.headline, "Series name");
const seriesPart = intRange(LIMITS.seriesPart.min, LIMITS.seriesPart.max, "Part");
/** The series a post belongs to, as the editor sets it (its slug is made from the name on save). */
export const PostSeriesInputSchema = v.strictObject({ title: seriesTitle, part: seriesPart });
/** What an editor supplies; readingMinutes and the timestamps are computed on save. */
export const BlogPostInputSchema = v.strictObject({
  slug: slugSchema,
  title: text(LIMITS.headline, "Title"),
  summary: text({ min: 1, max: LIMITS.summary.max }, "Summary"),
  body: text(LIMITS.postBody, "Body"),
  tags: list(text(LIMITS.label, "Tag"), "Tags"),
  coverUrl: optionalImageUrl,
  coverImage: optionalImageRef,
  status: PostStatusSchema,
  series: v.optional(PostSeriesInputSchema),
});
/** One heading in a post's table of contents (compiled with the body; shared-content/src/markdown/headings.ts). */
export const TocEntrySchema = v.strictObject({
  id: text(LIMITS.toc.id, "A heading's id"),
  text: text(LIMITS.toc.text, "A heading's text"),
  depth: intRange(2, 3, "A heading's level"),
});
/** A post's series as stored: `slug` keys its record in blog/series. */
export const PostSeriesSchema = v.strictObject({ slug: slugSchema, title: seriesTitle, part: seriesPart });
export const BlogPostSchema = v.strictObject({
  title: BlogPostInputSchema.entries.title,
  summary: BlogPostInputSchema.entries.summary,
  body: BlogPostInputSchema.entries.body,
  tags: BlogPostInputSchema.entries.tags,
  coverUrl: optionalImageUrl,
  coverImage: optionalImageRef,
  status: PostStatusSchema,
  readingMinutes: intRange(LIMITS.readingMinutes.min, LIMITS.readingMinutes.max, "Reading time"),
  createdAt: timestampSchema,
  /** First publication; kept when a post is unpublished and published again. */
  publishedAt: v.optional(timestampSchema),
  /** Set by a rename: the slug the post left (the rules continue that record's rev). */
  movedFrom: v.optional(slugSchema),
  series: v.optional(PostSeriesSchema),
  /**
   * The body compiled when it was saved: sanitised HTML and its table of contents, so that no
   * visitor's browser renders markdown (docs/rendering.md). Absent on posts
   * saved before it existed: the server renders those from `body`.
   */
  bodyHtml: optionalText(LIMITS.postHtml, "The body's HTML"),
  toc: v.optional(list(TocEntrySchema, "Table of contents", LIMITS.toc.items)),
  ...meta,
});
/** A published part of a series (blog/series/{series}/{post slug}), written with its post. */
export const SeriesPartSchema = v.strictObject({ seriesTitle, title: BlogPostInputSchema.entries.title, part: seriesPart });
/** The list index: only published posts, no bodies. Key = slug. */
export const BlogIndexEntrySchema = v.strictObject({
  title: BlogPostInputSchema.entries.title,
  summary: BlogPostInputSchema.entries.summary,
  tags: BlogPostInputSchema.entries.tags,
  coverUrl: optionalImageUrl,
  coverImage: optionalImageRef,
  readingMinutes: BlogPostSchema.entries.readingMinutes,
  publishedAt: timestampSchema,
});

// --- quotes/{id} ----------------------------------------------------------------------------
export const QuoteFieldsSchema = v.strictObject({
  text: text(LIMITS.quote.text, "Quote"),
  author: text(LIMITS.quote.author, "Author"),
  work: optionalText(LIMITS.quote.work, "Work"),
  year: v.optional(intRange(LIMITS.quote.year.min, LIMITS.quote.year.max, "Year")),
});
export const QuoteSchema = v.strictObject({ ...QuoteFieldsSchema.entries, ...meta });

// --- films/{id} -----------------------------------------------------------------------------
export const ratingSchema = v.pipe(
  v.number("Rating must be a number"),
  v.minValue(LIMITS.film.rating.min, "Rating must be at least 0"),
  v.maxValue(LIMITS.film.rating.max, "Rating must be at most 5"),
  v.check((n) => Number.isInteger(n * 2), "Rating goes in half steps"),
);
export const FilmFieldsSchema = v.strictObject({
  title: text(LIMITS.film.title, "Title"),
  year: intRange(LIMITS.film.year.min, LIMITS.film.year.max, "Year"),
  directors: v.pipe(list(text(LIMITS.name, "Director"), "Directors"), v.minLength(1, "Name at least one director")),
  countries: list(text(LIMITS.label, "Country"), "Countries"),
  minutes: intRange(LIMITS.film.minutes.min, LIMITS.film.minutes.max, "Minutes"),
  rating: ratingSchema,
  synopsis: optionalText(LIMITS.film.synopsis, "Synopsis"),
  posterUrl: optionalImageUrl,
  posterImage: optionalImageRef,
  watchedOn: dateSchema,
});
export const FilmSchema = v.strictObject({ ...FilmFieldsSchema.entries, ...meta });

// --- types ----------------------------------------------------------------------------------
export type Link = v.InferOutput<typeof LinkSchema>;
export type About = v.InferOutput<typeof AboutSchema>;
export type AboutFields = v.InferInput<typeof AboutFieldsSchema>;
export type Contact = v.InferOutput<typeof ContactSchema>;
export type ContactFields = v.InferInput<typeof ContactFieldsSchema>;
export type ExperienceProject = v.InferOutput<typeof ExperienceProjectSchema>;
export type Experience = v.InferOutput<typeof ExperienceSchema>;
export type ExperienceFields = v.InferInput<typeof ExperienceFieldsSchema>;
export type Skill = v.InferOutput<typeof SkillSchema>;
export type SkillFields = v.InferInput<typeof SkillFieldsSchema>;
export type Project = v.InferOutput<typeof ProjectSchema>;
export type ProjectFields = v.InferInput<typeof ProjectFieldsSchema>;
export type Recommendation = v.InferOutput<typeof RecommendationSchema>;
export type RecommendationFields = v.InferInput<typeof RecommendationFieldsSchema>;
export type RecommendationSubmissionInput = v.InferInput<typeof RecommendationSubmissionInputSchema>;
export type RecommendationSubmission = v.InferOutput<typeof RecommendationSubmissionSchema>;
export type PostStatus = v.InferOutput<typeof PostStatusSchema>;
export type BlogPostInput = v.InferInput<typeof BlogPostInputSchema>;
export type BlogPost = v.InferOutput<typeof BlogPostSchema>;
export type TocEntry = v.InferOutput<typeof TocEntrySchema>;
export type BlogIndexEntry = v.InferOutput<typeof BlogIndexEntrySchema>;
export type PostSeries = v.InferOutput<typeof PostSeriesSchema>;
export type SeriesPart = v.InferOutput<typeof SeriesPartSchema>;
export type Quote = v.InferOutput<typeof QuoteSchema>;
export type QuoteFields = v.InferInput<typeof QuoteFieldsSchema>;
export type Film = v.InferOutput<typeof FilmSchema>;
export type FilmFields = v.InferInput<typeof FilmFieldsSchema>;

/** A record of a keyed collection together with its key (for posts the key is the slug). */
export type WithId<T> = T & { id: string };

/** Field-level problems, keyed by dotted path ("links.0.url"), for messages next to a field. */
export type FieldErrors = Record<string, string>;

/** Validate any value against a schema; on failure give one message per field path. */
export function validate<S extends v.GenericSchema>(schema: S, value: unknown): { ok: true; value: v.InferOutput<S> } | { ok: false; errors: FieldErrors } {
  const result = v.safeParse(schema, value);
  if (result.success) return { ok: true, value: result.output };
  const errors: FieldErrors = {};
  for (const issue of fieldIssues(result.issues)) {
    const key = v.getDotPath(issue) ?? "";
    if (!Object.hasOwn(errors, key)) errors[key] = issue.message;
  }
  return { ok: false, errors };
}

/**
 * The issues to show beside fields. A union (a `list`, stored as an array or as an object keyed
 * "0", "1", ...) whose input had the right shape but failed inside reports the inner fields'
 * own issues ("projects.0.name": "Project name is required"), not its own message about the
 * shape ("Projects must be a list"), which is meant for a value that is not a list at all.
 */
function fieldIssues(issues: readonly v.BaseIssue<unknown>[]): v.BaseIssue<unknown>[] {
  const out: v.BaseIssue<unknown>[] = [];
  for (const issue of issues) {
    // A union's inner issues have paths relative to the union's own value.
    const inner = issue.type === "union" ? (issue.issues ?? []).filter((sub) => (sub.path?.length ?? 0) > 0) : [];
    if (inner.length === 0) out.push(issue);
    else out.push(...fieldIssues(inner.map((sub) => ({ ...sub, path: [...(issue.path ?? []), ...(sub.path ?? [])] }) as v.BaseIssue<unknown>)));
  }
  return out;
}

/** Record schemas (as stored) and field schemas (what an editor supplies) per collection. */
export const COLLECTION_SCHEMAS = {
  experience: ExperienceSchema,
  skills: SkillSchema,
  projects: ProjectSchema,
  recommendations: RecommendationSchema,
  quotes: QuoteSchema,
  films: FilmSchema,
} as const;
export const COLLECTION_FIELD_SCHEMAS = {
  experience: ExperienceFieldsSchema,
  skills: SkillFieldsSchema,
  projects: ProjectFieldsSchema,
  recommendations: RecommendationFieldsSchema,
  quotes: QuoteFieldsSchema,
  films: FilmFieldsSchema,
} as const;
export type CollectionSchemas = typeof COLLECTION_SCHEMAS;
/** The stored record type of a collection kind. */
export type RecordOf<K extends keyof CollectionSchemas> = v.InferOutput<CollectionSchemas[K]>;
/** The editable fields of a collection kind (input of createRecord/updateRecord). */
export type FieldsOf<K extends keyof CollectionSchemas> = v.InferInput<(typeof COLLECTION_FIELD_SCHEMAS)[K]>;

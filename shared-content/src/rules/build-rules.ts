// Generates database.rules.json from LIMITS, so the rules and the schemas share their numbers.
// `npm run rules -w shared-content` writes the file; a unit test fails when it is stale.
import { CHANGE_SECTIONS } from "../changes";
import { DECADE_PATTERN, FILM_STATS_MAX, TALLY_KEY_MAX } from "../film-stats";
import { MEDIA_ID_PATTERN, MEDIA_VARIANT_MAX_BYTES, PLACEHOLDER_MAX, PLACEHOLDER_PATTERN, VARIANT_WIDTH_KEY_PATTERN } from "../media";
import { RELEASE_REPORTER_UID, RELEASE_TOOL_UID, SCHEDULER_UID } from "../paths";
import { mailRules } from "./mail-rules";
import { DATE_PATTERN, EMAIL_PATTERN, ID_PATTERN, LIMITS, MONTH_PATTERN, SITE_PATH_PATTERN, SLUG_PATTERN, URL_PATTERN } from "../limits";

type Rule = { [key: string]: string | boolean | string[] | Rule };
type Range = { readonly min?: number; readonly max: number };

export const IS_ADMIN = "auth != null && root.child('admins').child(auth.uid).val() === true";

/** A rules regex literal: a slash the source leaves bare (inside a class, say) would end it. */
const re = (pattern: RegExp) => `/${pattern.source.replace(/(?<!\\)\//g, "\\/")}/`;
const and = (...parts: string[]) => parts.filter((p) => p !== "" && p !== "true").join(" && ");

/** The scheduled-publishing job (paths.ts, SCHEDULER_UID). */
const IS_SCHEDULER = `auth != null && auth.uid === '${SCHEDULER_UID}'`;
const SCHEDULE = "root.child('blog').child('schedule').child($slug)";
/** The scheduler may touch a post only while its schedule is due and not marked failed. */
const SCHEDULER_DUE = and(IS_SCHEDULER, `${SCHEDULE}.child('publishAt').val() <= now`, `!${SCHEDULE}.child('failed').exists()`);
const or = (...parts: string[]) => `(${parts.map((p) => `(${p})`).join(" || ")})`;

const str = (range: Range): string => and("newData.isString()", `newData.val().length >= ${range.min ?? 1}`, `newData.val().length <= ${range.max}`);
const validate = (condition: string): Rule => ({ ".validate": condition });

const S = (range: Range): Rule => validate(str(range));
const URL = (max: number = LIMITS.url.max): Rule => validate(and(str({ min: 1, max }), `newData.val().matches(${re(URL_PATTERN)})`));
/** Two matches() rather than one alternation: the rules' regex dialect is narrower than JavaScript's. */
const IMAGE_URL: Rule = validate(
  and(str({ min: 1, max: LIMITS.url.max }), `(newData.val().matches(${re(URL_PATTERN)}) || newData.val().matches(${re(SITE_PATH_PATTERN)}))`),
);
const MONTH: Rule = validate(and("newData.isString()", `newData.val().matches(${re(MONTH_PATTERN)})`));
const DATE: Rule = validate(and("newData.isString()", `newData.val().matches(${re(DATE_PATTERN)})`));
const EMAIL: Rule = validate(and(str({ min: 1, max: LIMITS.email.max }), `newData.val().matches(${re(EMAIL_PATTERN)})`));
const num = (min: number, max: number, integer: boolean) =>
  and("newData.isNumber()", `newData.val() >= ${min}`, `newData.val() <= ${max}`, integer ? "newData.val() % 1 === 0" : "");
const INT = (min: number, max: number): Rule => validate(num(min, max, true));
const ORDER: Rule = INT(LIMITS.order.min, LIMITS.order.max);
const TIMESTAMP: Rule = validate(and("newData.isNumber()", "newData.val() >= 0", "newData.val() <= now"));
const NOW: Rule = validate(and("newData.isNumber()", "newData.val() === now"));
const REV_VALUE = "newData.child('rev').val()";
/**
 * Compare-and-set, checked on the whole record so that no write (a field alone, a PATCH)
 * changes it without its revision: a new record starts at 1, every later write adds exactly 1.
 */
const revChecked = (): string => `((data.exists() && ${REV_VALUE} === data.child('rev').val() + 1) || (!data.exists() && ${REV_VALUE} === 1))`;

/**
 * A post's compare-and-set. A post also moves, in one update: between blog/posts and
 * blog/drafts under its slug (publish, unpublish), or to another slug (a rename, which names
 * the slug it leaves in `movedFrom`). Arriving, it continues the rev of the record it leaves,
 * as that record is stored now, so a move carrying stale content is refused like a stale
 * save; the record it leaves must go in the same update. Only a post whose slug is free in
 * both places starts at 1, and a rename never lands on an existing post.
 */
const postRevChecked = (place: "posts" | "drafts"): string => {
  const other = place === "posts" ? "drafts" : "posts";
  const stored = (where: string, slug: string) => `root.child('blog').child('${where}').child(${slug})`;
  const continues = (node: string) => `(${node}.exists() && ${REV_VALUE} === ${node}.child('rev').val() + 1)`;
  const from = "newData.child('movedFrom').val()";
  const leaves = (slug: string) =>
    `!newData.parent().parent().child('posts').child(${slug}).exists() && !newData.parent().parent().child('drafts').child(${slug}).exists()`;
  const saved = `(data.exists() && !newData.child('movedFrom').exists() && ${REV_VALUE} === data.child('rev').val() + 1)`;
  const createdOrMoved = `(!newData.child('movedFrom').exists() && ((${REV_VALUE} === 1 && !${stored(other, "$slug")}.exists()) || ${continues(stored(other, "$slug"))}))`;
  const renamed = `(newData.child('movedFrom').exists() && ${from} !== $slug && (${continues(stored("posts", from))} || ${continues(stored("drafts", from))}) && ${leaves(from)})`;
  return `(${saved} || (!data.exists() && (${createdOrMoved} || ${renamed})))`;
};
const REV: Rule = validate("newData.isNumber()");
const DENY_OTHERS: Rule = { $other: { ".validate": false } };

/** A regex accepting list indexes 0 .. max-1 (max between 2 and 100). */
export function indexPattern(max: number): string {
  const last = max - 1;
  if (last < 10) return `^[0-${last}]$`;
  const tens = Math.floor(last / 10);
  const ones = last % 10;
  const branches = ["[0-9]"];
  if (tens === 2) branches.push("1[0-9]");
  else if (tens > 2) branches.push(`[1-${tens - 1}][0-9]`);
  branches.push(`${tens}[0-${ones}]`);
  return `^(${branches.join("|")})$`;
}
const indexOk = (wild: string, max: number = LIMITS.listItems.max) => `${wild}.matches(/${indexPattern(max)}/)`;

/** A list of strings (stored as an object keyed "0".."29"). */
const stringList = (range: Range, wild = "$i"): Rule => ({
  ".validate": "newData.hasChildren()",
  [wild]: validate(and(indexOk(wild), str(range))),
});
/** A list of objects with the given fields (at most `max` of them). */
const objectList = (required: string[], fields: Record<string, Rule>, max: number = LIMITS.listItems.max): Rule => ({
  ".validate": "newData.hasChildren()",
  $i: {
    ".validate": and(indexOk("$i", max), `newData.hasChildren(${JSON.stringify(required).replaceAll('"', "'")})`),
    ...fields,
    ...DENY_OTHERS,
  },
});
const LINKS = objectList(["label", "url"], { label: S(LIMITS.label), url: URL() });

const hasChildren = (keys: string[]) => `newData.hasChildren(${JSON.stringify(keys).replaceAll('"', "'")})`;
/** An uploaded picture beside an image URL (media.ts, ImageRefSchema): its id, alt text, placeholder and focus, nothing else. */
const IMAGE_REF: Rule = {
  ".validate": hasChildren(["id", "alt"]),
  id: validate(and("newData.isString()", `newData.val().matches(${re(MEDIA_ID_PATTERN)})`)),
  alt: validate(and(str(LIMITS.alt), "newData.val().matches(/^\\S/)", "newData.val().matches(/\\S$/)")),
  placeholder: validate(and(str({ min: 1, max: PLACEHOLDER_MAX }), `newData.val().matches(${re(PLACEHOLDER_PATTERN)})`)),
  focus: { ".validate": hasChildren(["x", "y"]), x: INT(0, 100), y: INT(0, 100), ...DENY_OTHERS },
  ...DENY_OTHERS,
};
const ID_OK = and(`$id.length <= ${LIMITS.id.max}`, `$id.matches(${re(ID_PATTERN)})`);

/** A record with the bookkeeping fields, a required-field check and no unknown fields. */
const record = (keyCheck: string, required: string[], fields: Record<string, Rule>, extra = "", revCheck = revChecked()): Rule => ({
  ".validate": and(keyCheck, hasChildren([...required, "rev", "updatedAt"]), revCheck, extra),
  ...fields,
  rev: REV,
  updatedAt: TIMESTAMP,
  ...DENY_OTHERS,
});

/** A public, admin-written collection of records keyed by push id. */
const collection = (indexOn: string[], required: string[], fields: Record<string, Rule>, extra = ""): Rule => ({
  ".read": true,
  ".write": IS_ADMIN,
  ".validate": "newData.hasChildren()",
  ".indexOn": indexOn,
  $id: record(ID_OK, required, fields, extra),
});

const postFields = {
  title: S(LIMITS.headline),
  summary: S({ min: 1, max: LIMITS.summary.max }),
  tags: stringList(LIMITS.label),
  coverUrl: IMAGE_URL,
  coverImage: IMAGE_REF,
  readingMinutes: INT(LIMITS.readingMinutes.min, LIMITS.readingMinutes.max),
  publishedAt: TIMESTAMP,
  // The body compiled when saved (sanitised HTML and its table of contents), optional: posts
  // saved before it existed have neither, and the server renders their markdown.
  bodyHtml: S(LIMITS.postHtml),
  toc: objectList(["id", "text", "depth"], { id: S(LIMITS.toc.id), text: S(LIMITS.toc.text), depth: INT(2, 3) }, LIMITS.toc.items),
};
/** The fields a list-index entry copies from its post (tags: see `tagsMatching`), as paths: rules compare values, not objects. */
const INDEXED_FIELDS = [
  "title",
  "summary",
  "readingMinutes",
  "publishedAt",
  "coverUrl",
  ...["id", "alt", "placeholder", "focus/x", "focus/y"].map((f) => `coverImage/${f}`),
];
const childAt = (path: string) =>
  path
    .split("/")
    .map((key) => `.child('${key}')`)
    .join("");
const SLUG_OK = and(`$slug.length <= ${LIMITS.slug.max}`, `$slug.matches(${re(SLUG_PATTERN)})`);
/**
 * A post's tags (in blog/posts) or its list-index entry's (in blog/index), each tag equal to
 * the one at the same place in the other, in the same update: with both sides checked, the two
 * lists are equal (lists are objects keyed "0", "1"..., which rules cannot compare whole).
 */
const tagsMatching = (other: "posts" | "index"): Rule => ({
  ".validate": "newData.hasChildren()",
  $i: validate(
    and(
      indexOk("$i"),
      str(LIMITS.label),
      `newData.val() === newData.parent().parent().parent().parent().child('${other}').child($slug).child('tags').child($i).val()`,
    ),
  ),
});
/** Where a renamed post came from (see postRevChecked). */
const MOVED_FROM: Rule = validate(and("newData.isString()", `newData.val().length <= ${LIMITS.slug.max}`, `newData.val().matches(${re(SLUG_PATTERN)})`));

/** Who is an admin: each signed-in user may see whether they are one; nobody writes from a client. */
function adminsRules(): Rule {
  return { $uid: { ".read": "auth != null && auth.uid === $uid" } };
}

/** The owner's about and contact records, public. */
function siteRules(): Rule {
  return {
    ".read": true,
    about: {
      ".write": IS_ADMIN,
      ...record("true", ["headline", "bio"], {
        name: S({ max: LIMITS.name.max }),
        headline: S(LIMITS.headline),
        bio: S({ min: 1, max: LIMITS.markdown.max }),
        avatarUrl: IMAGE_URL,
        avatarImage: IMAGE_REF,
        location: S({ max: LIMITS.location.max }),
        cvUrl: URL(),
      }),
    },
    contact: {
      ".write": IS_ADMIN,
      ...record("true", ["email"], {
        email: EMAIL,
        phone: S({ max: LIMITS.phone.max }),
        location: S({ max: LIMITS.location.max }),
        links: LINKS,
      }),
    },
    ...DENY_OTHERS,
  };
}

function experienceRules(): Rule {
  return collection(
    ["order"],
    ["company", "role", "start", "order"],
    {
      company: S(LIMITS.name),
      companyUrl: URL(),
      role: S(LIMITS.name),
      location: S({ max: LIMITS.location.max }),
      start: MONTH,
      end: MONTH,
      summary: S({ max: LIMITS.markdown.max }),
      projects: objectList(["name"], {
        name: S(LIMITS.name),
        description: S({ max: LIMITS.summary.max }),
        // Nested wildcards need their own name.
        technologies: stringList(LIMITS.label, "$j"),
      }),
      order: ORDER,
    },
    "(!newData.child('end').exists() || newData.child('end').val() >= newData.child('start').val())",
  );
}

function skillsRules(): Rule {
  return collection(["order", "category"], ["name", "category", "order"], {
    name: S(LIMITS.label),
    category: S(LIMITS.label),
    order: ORDER,
  });
}

function projectsRules(): Rule {
  return collection(["order"], ["title", "summary", "date", "order"], {
    title: S(LIMITS.name),
    summary: S({ min: 1, max: LIMITS.markdown.max }),
    sourceUrl: URL(),
    liveUrl: URL(),
    imageUrl: IMAGE_URL,
    image: IMAGE_REF,
    technologies: stringList(LIMITS.label),
    date: MONTH,
    order: ORDER,
  });
}

function recommendationsRules(): Rule {
  return collection(["order"], ["fullName", "role", "relationship", "text", "date", "order"], {
    fullName: S(LIMITS.submission.fullName),
    role: S(LIMITS.name),
    relationship: S(LIMITS.name),
    text: S(LIMITS.recommendation.text),
    avatarUrl: IMAGE_URL,
    links: LINKS,
    date: DATE,
    order: ORDER,
  });
}

/** Visitors' recommendations waiting for the admin's review. */
function submissionsRules(): Rule {
  const sub = LIMITS.submission;
  return {
    ".read": IS_ADMIN,
    ".indexOn": ["createdAt"],
    // Keyed by the visitor's (anonymous) uid: one pending submission each. No rule at this
    // level, so a write here (a PATCH of many records) is refused as a whole.
    $uid: {
      ".write": `(auth != null && auth.uid === $uid && !data.exists() && newData.exists()) || (!newData.exists() && ${IS_ADMIN})`,
      ".validate": and(
        ID_OK.replaceAll("$id", "$uid"),
        hasChildren(["fullName", "role", "relationship", "text", "createdAt"]),
        // Sent together with the visitor's rate-limit marker (below), stamped now.
        "newData.parent().parent().child('recommendationSubmitters').child($uid).val() === now",
      ),
      fullName: S(sub.fullName),
      role: S(sub.role),
      relationship: S(sub.relationship),
      text: S(sub.text),
      link: URL(sub.link.max),
      createdAt: NOW,
      ...DENY_OTHERS,
    },
  };
}

/** The submissions' rate limit. */
function submittersRules(): Rule {
  return {
    // When each visitor last submitted. Never deleted from a client, so the interval holds
    // after the admin approves or rejects.
    $uid: {
      ".write": "auth != null && auth.uid === $uid && newData.exists()",
      ".validate": and(
        "newData.isNumber()",
        "newData.val() === now",
        `(!data.exists() || now - data.val() >= ${LIMITS.submission.minIntervalMs})`,
        "newData.parent().parent().child('recommendationSubmissions').child($uid).exists()",
      ),
    },
  };
}

function blogRules(): Rule {
  return {
    // Published posts: readable by everyone. A post is either here or in drafts, never both;
    // publishing and unpublishing move it in one update (shared-content's postUpdates), so a
    // visitor's open listener sees an unpublished post as deleted.
    posts: publishedPostsRules(),
    drafts: draftsRules(),
    // Earlier versions of each post, for the admin only: copies as they were stored (no rev
    // check: a version never changes), keyed by when each was saved. A version's rev is a
    // whole number below its post's (published or draft) in the same update.
    revisions: revisionsRules(),
    index: blogIndexRules(),
    series: seriesRules(),
    schedule: scheduleRules(),
    scheduler: schedulerRunRules(),
    ...DENY_OTHERS,
  };
}

/** A post's series (in the post, its drafts and versions): the slug made from its name, and its part. */
const SERIES: Rule = {
  ".validate": hasChildren(["slug", "title", "part"]),
  slug: validate(and("newData.isString()", `newData.val().length <= ${LIMITS.slug.max}`, `newData.val().matches(${re(SLUG_PATTERN)})`)),
  title: S(LIMITS.headline),
  part: INT(LIMITS.seriesPart.min, LIMITS.seriesPart.max),
  ...DENY_OTHERS,
};
/** A published post in a series has its part in blog/series, equal to what the post says, in the same update. */
const seriesPartMatches = (() => {
  const part = "newData.parent().parent().child('series').child(newData.child('series').child('slug').val()).child($slug)";
  return `(!newData.child('series').exists() || (${part}.child('part').val() === newData.child('series').child('part').val() && ${part}.child('seriesTitle').val() === newData.child('series').child('title').val() && ${part}.child('title').val() === newData.child('title').val()))`;
})();

/**
 * Each series' published parts, keyed by post slug: public, written only with the post they
 * describe (like the list index), so a visitor's post page reads its series in one bounded read.
 */
function seriesRules(): Rule {
  const post = "newData.parent().parent().parent().child('posts').child($slug)";
  return {
    ".read": true,
    $series: {
      ".validate": and(`$series.length <= ${LIMITS.slug.max}`, `$series.matches(${re(SLUG_PATTERN)})`),
      $slug: {
        // A part goes when its post leaves the series, is unpublished or deleted.
        ".write": and(or(IS_ADMIN, SCHEDULER_DUE), `(newData.exists() || ${post}.child('series').child('slug').val() !== $series)`),
        ".validate": and(
          SLUG_OK,
          hasChildren(["seriesTitle", "title", "part"]),
          `${post}.child('series').child('slug').val() === $series`,
          // Written with its post (whose rev changes in the same update), like a list entry.
          `${post}.child('rev').val() !== root.child('blog').child('posts').child($slug).child('rev').val()`,
          `newData.child('title').val() === ${post}.child('title').val()`,
          `newData.child('part').val() === ${post}.child('series').child('part').val()`,
          `newData.child('seriesTitle').val() === ${post}.child('series').child('title').val()`,
        ),
        seriesTitle: S(LIMITS.headline),
        title: S(LIMITS.headline),
        part: INT(LIMITS.seriesPart.min, LIMITS.seriesPart.max),
        ...DENY_OTHERS,
      },
    },
  };
}

/**
 * When each scheduled draft goes out. The owner writes it with the draft's current rev (a save
 * of the draft carries it to the new rev: shared-content's planPostSave), so a schedule names the
 * version it publishes. The scheduler removes it as it publishes, or marks it failed (with the
 * reason) when the move is stale, so it is reported once and not tried again.
 */
function scheduleRules(): Rule {
  const failedMark = and(
    "data.exists()",
    "newData.child('publishAt').val() === data.child('publishAt').val()",
    "newData.child('rev').val() === data.child('rev').val()",
    "newData.child('failed').isString()",
  );
  return {
    ".read": or(IS_ADMIN, IS_SCHEDULER),
    ".write": IS_ADMIN,
    ".indexOn": ["publishAt"],
    $slug: {
      ".write": and(IS_SCHEDULER, or(and("!newData.exists()", "newData.parent().parent().child('posts').child($slug).exists()"), failedMark)),
      ".validate": and(
        SLUG_OK,
        hasChildren(["publishAt", "rev"]),
        or(IS_SCHEDULER, "newData.child('rev').val() === newData.parent().parent().child('drafts').child($slug).child('rev').val()"),
      ),
      publishAt: validate(and("newData.isNumber()", "newData.val() >= 0", "newData.val() % 1 === 0")),
      rev: validate(and("newData.isNumber()", "newData.val() >= 1", "newData.val() % 1 === 0")),
      failed: S(LIMITS.schedulerNote),
      ...DENY_OTHERS,
    },
  };
}

/** The scheduler's record of its last run: written by the job, read by the admin panel. */
function schedulerRunRules(): Rule {
  const slugList: Rule = {
    ".validate": "newData.hasChildren()",
    $i: validate(and(indexOk("$i"), "newData.isString()", `newData.val().matches(${re(SLUG_PATTERN)})`)),
  };
  return {
    ".read": IS_ADMIN,
    ".write": IS_SCHEDULER,
    ".validate": hasChildren(["lastRunAt", "intervalMs", "ok"]),
    lastRunAt: TIMESTAMP,
    intervalMs: INT(1000, 24 * 60 * 60 * 1000),
    ok: validate("newData.isBoolean()"),
    published: slugList,
    failures: objectList(["slug", "reason"], {
      slug: validate(and("newData.isString()", `newData.val().matches(${re(SLUG_PATTERN)})`)),
      reason: S(LIMITS.schedulerNote),
    }),
    error: S(LIMITS.schedulerNote),
    ...DENY_OTHERS,
  };
}

function publishedPostsRules(): Rule {
  return {
    ".read": true,
    ".validate": "newData.hasChildren()",
    ".indexOn": ["updatedAt"],
    $slug: {
      // Deleting a post deletes its list-index entry in the same update. The scheduler only
      // publishes: a draft's move here, continuing the rev the post was scheduled at (the move
      // continues the draft's stored rev too, so a post edited since is refused as stale).
      ".write": and(
        or(IS_ADMIN, and(SCHEDULER_DUE, "!data.exists()", "newData.exists()", `newData.child('rev').val() === ${SCHEDULE}.child('rev').val() + 1`)),
        "(newData.exists() || !newData.parent().parent().child('index').child($slug).exists())",
      ),
      ...record(
        SLUG_OK,
        ["title", "summary", "body", "status", "readingMinutes", "createdAt", "publishedAt"],
        {
          ...postFields,
          tags: tagsMatching("index"),
          body: S(LIMITS.postBody),
          status: validate("newData.val() === 'published'"),
          createdAt: TIMESTAMP,
          movedFrom: MOVED_FROM,
          series: SERIES,
        },
        and(
          "!newData.parent().parent().child('drafts').child($slug).exists()",
          // Its part of its series exists and says what the post says (seriesPartMatches).
          seriesPartMatches,
          // Its list-index entry exists and says what the post says.
          ...INDEXED_FIELDS.map((f) => `newData.parent().parent().child('index').child($slug)${childAt(f)}.val() === newData${childAt(f)}.val()`),
        ),
        postRevChecked("posts"),
      ),
    },
  };
}

function draftsRules(): Rule {
  return {
    ".read": IS_ADMIN,
    ".write": IS_ADMIN,
    ".validate": "newData.hasChildren()",
    ".indexOn": ["updatedAt"],
    $slug: {
      // The scheduler reads a due draft and removes it as it moves it to blog/posts.
      ".read": SCHEDULER_DUE,
      ".write": and(SCHEDULER_DUE, "!newData.exists()", "newData.parent().parent().child('posts').child($slug).exists()"),
      ...record(
        SLUG_OK,
        ["title", "summary", "body", "status", "readingMinutes", "createdAt"],
        {
          ...postFields,
          body: S(LIMITS.postBody),
          status: validate("newData.val() === 'draft'"),
          createdAt: TIMESTAMP,
          movedFrom: MOVED_FROM,
          series: SERIES,
        },
        "!newData.parent().parent().child('posts').child($slug).exists()",
        postRevChecked("drafts"),
      ),
    },
  };
}

function revisionsRules(): Rule {
  return {
    ".read": IS_ADMIN,
    ".write": IS_ADMIN,
    $slug: {
      // The scheduler's publish keeps the version it replaces, like the Publish button's.
      ".read": SCHEDULER_DUE,
      ".write": and(SCHEDULER_DUE, "newData.parent().parent().child('posts').child($slug).exists()"),
      ".validate": and(SLUG_OK, "newData.hasChildren()"),
      $version: {
        ".validate": and(
          "$version.matches(/^v[0-9]{1,15}$/)",
          hasChildren(["title", "summary", "body", "status", "readingMinutes", "createdAt", "rev", "updatedAt"]),
        ),
        ...postFields,
        body: S(LIMITS.postBody),
        status: validate("newData.val() === 'draft' || newData.val() === 'published'"),
        createdAt: TIMESTAMP,
        movedFrom: MOVED_FROM,
        series: SERIES,
        rev: versionRevRule(),
        updatedAt: TIMESTAMP,
        ...DENY_OTHERS,
      },
    },
  };
}

/** A kept version's rev: a whole number below its post's, wherever the post is stored. */
function versionRevRule(): Rule {
  const belowPost = (where: string) =>
    `newData.parent().parent().parent().parent().child('${where}').child($slug).child('rev').isNumber() && newData.val() < newData.parent().parent().parent().parent().child('${where}').child($slug).child('rev').val()`;
  return validate(
    and(
      "newData.isNumber()",
      "newData.val() >= 1",
      "newData.val() % 1 === 0",
      `(${["posts", "drafts"]
        .map(belowPost)
        .map((c) => `(${c})`)
        .join(" || ")})`,
    ),
  );
}

function blogIndexRules(): Rule {
  return {
    ".read": true,
    ".validate": "newData.hasChildren()",
    ".indexOn": ["publishedAt"],
    $slug: {
      // An entry goes only with its post (a post without an entry would be unlisted).
      ".write": and(
        or(IS_ADMIN, and(SCHEDULER_DUE, "newData.exists()")),
        "(newData.exists() || !newData.parent().parent().child('posts').child($slug).exists())",
      ),
      // An entry exists only for a published post, and is written only with it (the post's
      // rev changes in the same update), so both sides' tag rules run (tagsMatching).
      ".validate": and(
        SLUG_OK,
        hasChildren(["title", "summary", "readingMinutes", "publishedAt"]),
        "newData.parent().parent().child('posts').child($slug).exists()",
        "newData.parent().parent().child('posts').child($slug).child('rev').val() !== root.child('blog').child('posts').child($slug).child('rev').val()",
        ...INDEXED_FIELDS.map((f) => `newData${childAt(f)}.val() === newData.parent().parent().child('posts').child($slug)${childAt(f)}.val()`),
      ),
      ...postFields,
      tags: tagsMatching("posts"),
      ...DENY_OTHERS,
    },
  };
}

function quotesRules(): Rule {
  return collection(["author"], ["text", "author"], {
    text: S(LIMITS.quote.text),
    author: S(LIMITS.quote.author),
    work: S({ max: LIMITS.quote.work.max }),
    year: INT(LIMITS.quote.year.min, LIMITS.quote.year.max),
  });
}

function filmsRules(): Rule {
  return collection(["watchedOn", "rating", "year", "title"], ["title", "year", "directors", "minutes", "rating", "watchedOn"], {
    title: S(LIMITS.film.title),
    year: INT(LIMITS.film.year.min, LIMITS.film.year.max),
    directors: stringList(LIMITS.name),
    countries: stringList(LIMITS.label),
    minutes: INT(LIMITS.film.minutes.min, LIMITS.film.minutes.max),
    rating: validate(and(num(LIMITS.film.rating.min, LIMITS.film.rating.max, false), "(newData.val() * 2) % 1 === 0")),
    synopsis: S({ max: LIMITS.film.synopsis.max }),
    posterUrl: IMAGE_URL,
    posterImage: IMAGE_REF,
    watchedOn: DATE,
  });
}

/**
 * Derived from the films and written with them (film-stats.ts): the owner's writes keep it,
 * visitors read it. Whole numbers only, so increments from any number of writes stay exact.
 */
function filmStatsRules(): Rule {
  return {
    ".read": true,
    ".write": IS_ADMIN,
    ".validate": hasChildren(["count", "minutes", "ratingHalves"]),
    count: INT(0, FILM_STATS_MAX),
    minutes: INT(0, FILM_STATS_MAX),
    ratingHalves: INT(0, FILM_STATS_MAX),
    decades: {
      $decade: validate(and(`$decade.matches(${re(DECADE_PATTERN)})`, num(0, FILM_STATS_MAX, true))),
    },
    ...DENY_OTHERS,
  };
}

/**
 * A count per director and per country, kept by the film writes like filmStats; it grows
 * with the names, so visitors read only the top entries (an indexed query on count).
 */
function filmTalliesRules(): Rule {
  return {
    ".read": true,
    ".write": IS_ADMIN,
    directors: tally(LIMITS.name),
    countries: tally(LIMITS.label),
    ...DENY_OTHERS,
  };
}

/** The whole tree: each top-level node from its own builder, anything else refused. */
export function buildRules(): Rule {
  return {
    rules: {
      ".read": false,
      ".write": false,
      admins: adminsRules(),
      site: siteRules(),
      experience: experienceRules(),
      skills: skillsRules(),
      projects: projectsRules(),
      recommendations: recommendationsRules(),
      recommendationSubmissions: submissionsRules(),
      recommendationSubmitters: submittersRules(),
      blog: blogRules(),
      quotes: quotesRules(),
      films: filmsRules(),
      filmStats: filmStatsRules(),
      filmTallies: filmTalliesRules(),
      media: mediaRules(),
      releases: releasesRules(),
      changes: changesRules(),
      ...mailRules(IS_ADMIN),
      ...DENY_OTHERS,
    },
  };
}

const IS_REPORTER = `auth != null && auth.uid === '${RELEASE_REPORTER_UID}'`;
/** Who releases: an admin (the Releases screen, a person's own sign-in) or the release command's uid (Admin SDK). */
const IS_RELEASER = or(IS_ADMIN, `auth != null && auth.uid === '${RELEASE_TOOL_UID}'`);
const REMOTE_KEY = "$remote.matches(/^[a-z][a-z0-9_]{0,39}$/)";
const RELEASE_KEY = "$release.matches(/^[0-9A-Za-z,+_-]{1,80}$/)";
const RELEASE_ID = S({ max: 80 });
const MANIFEST_URL = S({ max: 400 });

/**
 * The release state (paths.ts, PATHS.releases; release-protocol's state.ts): one tree
 * for every remote's live release, canary, history, lock and record, and the release health. The
 * release command (an admin, or RELEASE_TOOL_UID) writes the releases; the renderer's reporter
 * writes only health, and ends a canary only in the same write that records its abort. Visitors
 * read only `live` (the browser's manifests on pages the server did not render).
 */
function releasesRules(): Rule {
  const perRemote = (rule: Rule): Rule => ({ $remote: { ...rule, ".validate": and(REMOTE_KEY, String(rule[".validate"] ?? "")) } });
  const abortOfCanary = "newData.parent().parent().child('health').child('aborts').child($remote).child(data.child('key').val() + '').exists()";
  return {
    ".read": or(IS_RELEASER, IS_REPORTER),
    live: {
      ".read": true,
      ...perRemote({ ".write": IS_RELEASER, ...fields(["release", "entry", "at"], { release: RELEASE_ID, entry: MANIFEST_URL, at: TIMESTAMP }) }),
    },
    canary: perRemote({
      ".write": or(IS_RELEASER, and(IS_REPORTER, "!newData.exists()", abortOfCanary)),
      ...fields(["release", "key", "entry", "percent", "startedAt"], {
        release: RELEASE_ID,
        key: RELEASE_ID,
        entry: MANIFEST_URL,
        percent: INT(1, 99),
        startedAt: TIMESTAMP,
      }),
    }),
    history: perRemote({
      ".write": IS_RELEASER,
      $release: {
        ".validate": RELEASE_KEY,
        ...fields(["id", "version", "at", "entry", "path", "source"], {
          id: RELEASE_ID,
          version: S({ max: 80 }),
          at: TIMESTAMP,
          entry: MANIFEST_URL,
          path: validate(and("newData.isString()", "newData.val().length <= 200")),
          source: S({ max: 80 }),
          retiredAt: TIMESTAMP,
          abortedAt: TIMESTAMP,
        }),
      },
    }),
    // Append-only: the record of who did what; the reporter adds only its aborts.
    record: {
      ".indexOn": ["remote"],
      $entry: {
        ".write": and("!data.exists()", or(IS_RELEASER, and(IS_REPORTER, "newData.child('kind').val() === 'abort'"))),
        ".validate": hasChildren(["at", "kind", "remote", "release", "by"]),
      },
    },
    lock: perRemote({ ".write": IS_RELEASER, ...fields(["by", "command", "at"], { by: S({ max: 200 }), command: S({ max: 80 }), at: TIMESTAMP }) }),
    previewsRevokedBefore: perRemote({ ".write": IS_RELEASER, ".validate": "newData.isNumber()" }),
    health: releaseHealthRules(),
    ...DENY_OTHERS,
  };
}

/** A record's fields: the required ones present, each validated, nothing else. */
function fields(required: string[], rules: Record<string, Rule>): Rule {
  return { ".validate": hasChildren(required), ...rules, ...DENY_OTHERS };
}

/**
 * The change marker (changes.ts): a counter per public section, public (every open page streams
 * it), bumped by exactly 1 in the update that writes the section; never removed, so a page never
 * sees a counter go back to a value it has already seen. The scheduler bumps only the blog's.
 */
function changesRules(): Rule {
  const bumped = "((data.exists() && newData.val() === data.val() + 1) || (!data.exists() && newData.val() === 1))";
  return {
    ".read": true,
    $section: {
      ".write": and(or(IS_ADMIN, and(IS_SCHEDULER, "$section === 'blog'")), "newData.exists()"),
      ".validate": and(`$section.matches(/^(${CHANGE_SECTIONS.join("|")})$/)`, "newData.isNumber()", bumped),
    },
  };
}

/**
 * Release health (`releases/health`): what browsers reported, counted by the renderer as
 * RELEASE_REPORTER_UID, and the canaries it aborted (each once). Read with the rest of the state.
 */
function releaseHealthRules(): Rule {
  const keys = and(REMOTE_KEY, RELEASE_KEY);
  const count = INT(0, Number.MAX_SAFE_INTEGER);
  const counts: Rule = { views: count, failed: count, ...DENY_OTHERS };
  return {
    counts: { $remote: { $release: { ".write": IS_REPORTER, ".validate": keys, ...counts } } },
    aborts: {
      $remote: {
        $release: {
          ".write": and(IS_REPORTER, "!data.exists()"),
          ".validate": and(keys, hasChildren(["at", "reason", "canary", "live"])),
          at: TIMESTAMP,
          reason: S({ max: 400 }),
          canary: counts,
          live: counts,
          ...DENY_OTHERS,
        },
      },
    },
    ...DENY_OTHERS,
  };
}

/**
 * The media library (media.ts, MediaRecordSchema): admin only, since drafts' pictures are listed
 * too. Keyed by the media id; the files themselves are in Storage (storage.rules).
 */
function mediaRules(): Rule {
  const bytes = INT(1, MEDIA_VARIANT_MAX_BYTES);
  return {
    ".read": IS_ADMIN,
    ".write": IS_ADMIN,
    ".validate": "newData.hasChildren()",
    $id: record(`$id.matches(${re(MEDIA_ID_PATTERN)})`, ["alt", "name", "variants", "createdAt"], {
      alt: S(LIMITS.alt),
      placeholder: validate(and(str({ min: 1, max: PLACEHOLDER_MAX }), `newData.val().matches(${re(PLACEHOLDER_PATTERN)})`)),
      focus: { ".validate": hasChildren(["x", "y"]), x: INT(0, 100), y: INT(0, 100), ...DENY_OTHERS },
      name: S(LIMITS.fileName),
      variants: {
        ".validate": "newData.hasChildren()",
        $width: {
          ".validate": and(`$width.matches(${re(VARIANT_WIDTH_KEY_PATTERN)})`, hasChildren(["webp", "jpeg"])),
          webp: bytes,
          jpeg: bytes,
          ...DENY_OTHERS,
        },
      },
      createdAt: TIMESTAMP,
    }),
  };
}

/** One list of tallies: `{name, count}` per name, keyed by the encoded name (film-stats.ts, tallyKey). */
function tally(name: Range): Rule {
  return {
    ".indexOn": ["count"],
    $name: {
      ".validate": and(hasChildren(["name", "count"]), `$name.length <= ${TALLY_KEY_MAX}`),
      name: S(name),
      count: INT(0, FILM_STATS_MAX),
      ...DENY_OTHERS,
    },
  };
}

/** The file's text: stable, two-space JSON with a trailing newline. */
export function rulesText(): string {
  return `${JSON.stringify(buildRules(), null, 2)}\n`;
}

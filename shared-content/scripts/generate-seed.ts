// Builds seed/demo-content.json (the demo content `npm start` imports through the REST API)
// from the compact data in seed/data, and copies seed/images to shell/public/images so the
// shell serves every image the seed uses. Run: npm run seed -w shared-content
// `admins` is not part of the seed: the start script adds the demo admin.
// Offline demo: no image may come from another host. Pictures are uploads, as the admin makes
// them: seed/data/pictures.json and the variants in seed/storage/media/ (both written by
// `npm run demo-pictures -w remote-admin`, the admin's own pipeline in Chromium). This puts each
// picture's ImageRef and share URL into the content, `![](picture:KEY)` in a post becomes the
// picture's markdown, and the media library gets a record per picture. Their URLs name the
// default local Storage server (SEED_STORAGE); the local stack rewrites that origin to the one
// it runs, and uploads the variants (scripts/lib/demo-media.ts). Other images are site paths
// under /images/; records without an image show initials or no picture.
import { cpSync, existsSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { JSDOM } from "jsdom";
import { readingMinutes } from "../src/blog";
import { mediaIdOfUrl, shareImage, type ImageRef, type MediaRecord, type MediaStorage } from "../src/media";
import { createMarkdownCompiler } from "../src/markdown/render-markdown";
import { filmStatsRecords } from "../src/film-stats";
import { SITE_PATHS } from "../src/site-urls";

// Paths below are relative to the seed folder at the repository's root, which this fills.
const SEED_DIR = new URL("../../seed/", import.meta.url);
const here = (p: string) => fileURLToPath(new URL(p, SEED_DIR));
const ts = (iso: string) => Date.parse(iso);
const BASE = ts("2026-03-01T09:00:00Z");

// A small deterministic PRNG so the seed is the same on every run.
let state = 20260301;
const random = () => {
  state = (state * 1664525 + 1013904223) % 4294967296;
  return state / 4294967296;
};
const pad = (n: number, width: number) => String(n).padStart(width, "0");
const stamp = (updatedAt: number) => ({ rev: 1, updatedAt });

// --- pictures (seed/data/pictures.json) -----------------------------------------------------
/** The Storage server the seed's picture URLs name: the local default (scripts/lib/local-stack.ts rewrites the origin). */
const SEED_STORAGE: MediaStorage = { origin: "http://127.0.0.1:9199", bucket: "demo-portfolio.appspot.com" };
interface DemoPicture {
  id: string;
  name: string;
  alt: string;
  placeholder: string;
  variants: MediaRecord["variants"];
}
const pictures = JSON.parse(readFileSync(here("./data/pictures.json"), "utf8")) as Record<string, DemoPicture>;
const usedPictures = new Set<string>();
function picture(key: string): DemoPicture {
  const found = pictures[key];
  if (!found) throw new Error(`seed: no picture "${key}" in seed/data/pictures.json (npm run demo-pictures -w remote-admin)`);
  usedPictures.add(key);
  return found;
}
/** An image field's URL (the share JPEG, as an upload sets it) and its ImageRef, for `url`/`ref` field names. */
function imageFields(key: string, url: string, ref: string): Record<string, string | ImageRef> {
  const { id, alt, placeholder } = picture(key);
  return { [url]: shareImage(SEED_STORAGE, id).url, [ref]: { id, alt, placeholder } };
}
/** `![](picture:KEY)` in a post's markdown: the picture with its alt text, as "Insert image" writes it. */
const withPictures = (markdown: string) =>
  markdown.replace(/!\[\]\(picture:([\w-]+)\)/g, (_, key: string) => {
    const { id, alt } = picture(key);
    return `![${alt}](${shareImage(SEED_STORAGE, id).url})`;
  });
const slugOf = (title: string) =>
  title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

const about = {
  name: "Maya Lindqvist",
  headline: "Senior front-end engineer building fast, accessible web apps",
  bio: [
    "Hi, I'm **Maya Lindqvist**, a front-end engineer with ten years of experience turning complicated products into interfaces people enjoy using.",
    "",
    "I care about the parts users never see but always feel: load time, keyboard support, clear error messages and data that is validated before it reaches the screen. Lately I have been working on micro-frontends with Module Federation, realtime data with Firebase, and design systems that scale across teams.",
    "",
    `Outside work I write about what I learn on [my blog](${SITE_PATHS.blogList.getHref()}), collect [favourite quotes](${SITE_PATHS.quotes.getHref()}) and keep a [list of films](${SITE_PATHS.films.getHref()}) I have seen.`,
  ].join("\n"),
  location: "Gothenburg, Sweden",
  ...imageFields("avatar", "avatarUrl", "avatarImage"),
  cvUrl: "https://example.com/maya-lindqvist-cv.pdf",
  ...stamp(BASE),
};

const contact = {
  email: "maya.lindqvist@example.com",
  phone: "+46 70 123 45 67",
  location: "Gothenburg, Sweden (open to remote)",
  links: [
    { label: "GitHub", url: "https://github.com/maya-lindqvist" },
    { label: "LinkedIn", url: "https://www.linkedin.com/in/maya-lindqvist" },
    { label: "Mastodon", url: "https://mastodon.social/@mayalindqvist" },
  ],
  ...stamp(BASE),
};

const experienceList = [
  {
    company: "Northwind Logistics",
    companyUrl: "https://northwind.example.com",
    role: "Staff Front-end Engineer",
    location: "Gothenburg, Sweden",
    start: "2023-02",
    summary:
      "Lead the front-end platform team (5 engineers). Moved a monolithic React app to **Module Federation** so four product teams deploy independently; cut the median release time from two days to forty minutes.",
    projects: [
      {
        name: "Shipment tracker",
        description: "Realtime map of 40,000 daily shipments over Firebase Realtime Database.",
        technologies: ["React", "TypeScript", "Firebase", "Mapbox GL"],
      },
      {
        name: "Micro-frontend platform",
        description: "Shell, shared auth singleton and a deployment pipeline per remote.",
        technologies: ["Module Federation", "Vite", "Turborepo"],
      },
    ],
  },
  {
    company: "Spotlight Media",
    companyUrl: "https://spotlight.example.com",
    role: "Senior Front-end Engineer",
    location: "Stockholm, Sweden",
    start: "2020-04",
    end: "2023-01",
    summary:
      "Owned the design system used by 12 teams: tokens, 60 components, documentation and codemods. Raised the Lighthouse accessibility score of the main site from 71 to 98.",
    projects: [
      { name: "Aurora design system", technologies: ["React", "CSS Modules", "Storybook", "Figma tokens"] },
      { name: "Subscriptions checkout", description: "Rebuilt the checkout; conversion up 14 %.", technologies: ["Next.js", "Stripe", "Playwright"] },
    ],
  },
  {
    company: "Fjord Health",
    companyUrl: "https://fjordhealth.example.com",
    role: "Front-end Engineer",
    location: "Oslo, Norway",
    start: "2017-09",
    end: "2020-03",
    summary: "Built the patient portal and the clinicians' scheduling tool, with offline support for rural clinics.",
    projects: [
      { name: "Patient portal", technologies: ["Angular", "RxJS", "Service Workers"] },
      { name: "Clinic scheduler", description: "Drag-and-drop scheduling for 300 clinics.", technologies: ["TypeScript", "IndexedDB"] },
    ],
  },
  {
    company: "Kiln Studio",
    role: "Web Developer",
    location: "Copenhagen, Denmark",
    start: "2015-06",
    end: "2017-08",
    summary: "Agency work for cultural institutions: museum guides, festival sites and an award-winning interactive exhibition.",
    projects: [{ name: "Harbour Museum guide", technologies: ["JavaScript", "Web Audio", "PWA"] }],
  },
  {
    company: "Chalmers University of Technology",
    companyUrl: "https://www.chalmers.se",
    role: "Teaching Assistant, Web Development",
    location: "Gothenburg, Sweden",
    start: "2013-09",
    end: "2015-05",
    summary: "Ran labs for 120 students a year on HTML, CSS, JavaScript and usability testing.",
    projects: [],
  },
  {
    company: "Open source",
    companyUrl: "https://github.com/maya-lindqvist",
    role: "Maintainer",
    location: "Remote",
    start: "2019-01",
    summary: "Maintainer of a small form-validation library (2k stars) and occasional contributor to accessibility tooling.",
    projects: [{ name: "tiny-forms", description: "Schema-first form state for React.", technologies: ["TypeScript", "React"] }],
  },
];
const experience = Object.fromEntries(
  experienceList.map((e, i) => [
    `exp-${pad(i + 1, 2)}`,
    { ...e, projects: e.projects.length ? e.projects : undefined, order: i, ...stamp(BASE - i * 3600_000) },
  ]),
);

const skillList: [string, string][] = [
  ["TypeScript", "Languages"],
  ["JavaScript", "Languages"],
  ["CSS", "Languages"],
  ["React", "Frameworks"],
  ["Next.js", "Frameworks"],
  ["Angular", "Frameworks"],
  ["Module Federation", "Architecture"],
  ["Design systems", "Architecture"],
  ["Firebase", "Platforms"],
  ["Node.js", "Platforms"],
  ["Playwright", "Testing"],
  ["Accessibility (WCAG)", "Practices"],
];
const skills = Object.fromEntries(skillList.map(([name, category], i) => [`skill-${pad(i + 1, 2)}`, { name, category, order: i, ...stamp(BASE) }]));

const projectList = [
  {
    title: "rtdb-lite",
    summary:
      "A tiny local server that speaks the Firebase Realtime Database **wire protocol**, so tests run offline with the real SDK and real security rules.",
    sourceUrl: "https://github.com/maya-lindqvist/rtdb-lite",
    technologies: ["Node.js", "WebSocket", "TypeScript"],
    date: "2025-11",
  },
  {
    title: "Contrast Checker for Figma",
    summary: "A Figma plugin that checks every text layer against WCAG contrast in both light and dark themes and suggests the nearest passing token.",
    sourceUrl: "https://github.com/maya-lindqvist/figma-contrast",
    liveUrl: "https://www.figma.com/community/plugin/contrast-checker",
    technologies: ["TypeScript", "Figma API"],
    date: "2024-06",
  },
  {
    title: "Filmlogg",
    summary: "The film diary behind the *seen films* page: import from Letterboxd CSV, stats per director and country, and a weekly digest e-mail.",
    sourceUrl: "https://github.com/maya-lindqvist/filmlogg",
    liveUrl: "https://filmlogg.example.com",
    technologies: ["React", "Firebase", "Cloud Functions"],
    date: "2023-09",
  },
  {
    title: "tiny-forms",
    summary: "Schema-first form state for React in under 2 kB: field errors from the same schema as the API, async validation and focus management.",
    sourceUrl: "https://github.com/maya-lindqvist/tiny-forms",
    liveUrl: "https://www.npmjs.com/package/tiny-forms",
    technologies: ["TypeScript", "React", "Vitest"],
    date: "2022-03",
  },
  {
    title: "Tram times e-ink display",
    summary: "A Raspberry Pi with an e-ink screen by the front door showing the next trams and the weather; runs for months on one configuration.",
    sourceUrl: "https://github.com/maya-lindqvist/tram-ink",
    technologies: ["Python", "Raspberry Pi", "E-ink"],
    date: "2021-01",
  },
];
// Each project's picture is "project-<its source repository's name>" in pictures.json.
const projects = Object.fromEntries(
  projectList.map((p, i) => [
    `proj-${pad(i + 1, 2)}`,
    { ...p, ...imageFields(`project-${p.sourceUrl.split("/").pop()}`, "imageUrl", "image"), order: i, ...stamp(BASE) },
  ]),
);

const recommendationList = [
  {
    fullName: "Johan Berg",
    role: "VP Engineering, Northwind Logistics",
    relationship: "Managed Maya directly",
    text: "Maya took a front end that four teams were afraid to touch and turned it into a platform they now deploy to many times a day. She plans carefully, explains trade-offs in plain words and brings people along. Any team would be lucky to have her.",
    links: [{ label: "LinkedIn", url: "https://www.linkedin.com/in/johan-berg" }],
    date: "2025-09-12",
  },
  {
    fullName: "Aisha Rahman",
    role: "Product Designer, Spotlight Media",
    relationship: "Worked with Maya on the design system",
    text: "Working with Maya changed how our design team thinks about components. She turned our Figma tokens into code that stayed in sync, and she always asked how a component would work with a keyboard or a screen reader before anyone else did.",
    date: "2023-02-03",
  },
  {
    fullName: "Lars Eriksen",
    role: "CTO, Fjord Health",
    relationship: "Maya reported to Lars",
    text: "Maya built our patient portal with offline support for clinics with terrible connections. It simply worked, and the nurses noticed. She is calm under pressure and writes code other people can maintain.",
    date: "2020-03-20",
  },
  {
    fullName: "Sofia Marquez",
    role: "Senior Engineer, Spotlight Media",
    relationship: "Peer on the web platform team",
    text: "Maya is the reviewer everyone hopes to get: thorough, kind and fast. I learned more about accessibility and testing from her comments than from any course.",
    links: [{ label: "GitHub", url: "https://github.com/sofiamarquez" }],
    date: "2022-11-08",
  },
  {
    fullName: "Peter Holm",
    role: "Creative Director, Kiln Studio",
    relationship: "Maya's lead at Kiln",
    text: "For the Harbour Museum guide Maya solved problems we had not even noticed yet, like audio that had to keep playing when phones locked. Clients loved working with her.",
    date: "2017-08-30",
  },
  {
    fullName: "Dr. Emma Nilsson",
    role: "Senior Lecturer, Chalmers",
    relationship: "Supervised Maya as a teaching assistant",
    text: "Students consistently rated Maya's labs the most useful part of the course. She explains difficult ideas patiently and has a gift for finding the one example that makes it click.",
    date: "2015-06-15",
  },
];
const recommendations = Object.fromEntries(recommendationList.map((r, i) => [`rec-${pad(i + 1, 2)}`, { ...r, order: i, ...stamp(BASE) }]));

const recommendationSubmissions = {
  "sub-01": {
    fullName: "Tom Becker",
    role: "Engineering Manager, Northwind Logistics",
    relationship: "Worked with Maya on the shipment tracker",
    text: "Maya's work on the realtime shipment map made our operations team twice as fast at spotting delays. She is thoughtful, pragmatic and generous with her time.",
    link: "https://www.linkedin.com/in/tom-becker",
    createdAt: ts("2026-03-10T08:12:00Z"),
  },
  "sub-02": {
    fullName: "Nina Kowalski",
    role: "Front-end Developer",
    relationship: "Mentored by Maya",
    text: "Maya mentored me through my first year as a developer. Her code reviews taught me to think about the user first and the framework second.",
    createdAt: ts("2026-03-18T19:40:00Z"),
  },
};

// --- posts (seed/data/posts/*.md with a small front matter) ---------------------------------
interface Front {
  title: string;
  summary: string;
  tags: string[];
  status: "draft" | "published";
  published?: string;
}
function parsePost(file: string): { slug: string; front: Front; body: string } {
  const text = readFileSync(here(`./data/posts/${file}`), "utf8");
  const match = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(text);
  if (!match) throw new Error(`${file}: no front matter`);
  const fields = Object.fromEntries(
    (match[1] ?? "").split("\n").map((line) => {
      const at = line.indexOf(":");
      return [line.slice(0, at).trim(), line.slice(at + 1).trim()];
    }),
  );
  const front: Front = {
    title: fields.title ?? "",
    summary: fields.summary ?? "",
    tags: (fields.tags ?? "")
      .split(",")
      .map((t) => t.trim())
      .filter(Boolean),
    status: fields.status === "published" ? "published" : "draft",
    published: fields.published,
  };
  return { slug: file.replace(/^\d+-/, "").replace(/\.md$/, ""), front, body: (match[2] ?? "").trim() + "\n" };
}
// Published posts, drafts and the list index apart, as the rules keep them (shared-content's postUpdates).
const posts: Record<string, unknown> = {};
const drafts: Record<string, unknown> = {};
const index: Record<string, unknown> = {};
// Bodies are compiled as a save compiles them (src/admin/compile-post.ts), with jsdom for a DOM.
const markdown = createMarkdownCompiler(new JSDOM("").window as unknown as Window);
for (const file of readdirSync(here("./data/posts"))
  .filter((f) => f.endsWith(".md"))
  .sort()) {
  const parsed = parsePost(file);
  const { slug, front } = parsed;
  const body = withPictures(parsed.body);
  // A post's cover is "cover-<slug>" in pictures.json, when there is one.
  const cover = pictures[`cover-${slug}`] ? imageFields(`cover-${slug}`, "coverUrl", "coverImage") : {};
  const publishedAt = front.status === "published" && front.published ? ts(front.published) : undefined;
  const createdAt = (publishedAt ?? BASE) - 5 * 86_400_000;
  const minutes = readingMinutes(body);
  const compiled = markdown.compile(body);
  (publishedAt !== undefined ? posts : drafts)[slug] = {
    title: front.title,
    summary: front.summary,
    body,
    bodyHtml: compiled.html,
    ...(compiled.toc.length > 0 ? { toc: compiled.toc } : {}),
    tags: front.tags,
    ...cover,
    status: publishedAt !== undefined ? "published" : "draft",
    readingMinutes: minutes,
    createdAt,
    ...(publishedAt !== undefined ? { publishedAt } : {}),
    ...stamp(publishedAt ?? BASE),
  };
  if (publishedAt !== undefined) {
    index[slug] = {
      title: front.title,
      summary: front.summary,
      tags: front.tags,
      readingMinutes: minutes,
      publishedAt,
      ...cover,
    };
  }
}

// --- quotes and films from the compact text files -------------------------------------------
const rows = (file: string) =>
  readFileSync(here(`./data/${file}`), "utf8")
    .split("\n")
    .filter((l) => l.trim() !== "" && !l.startsWith("#"))
    .map((l) => l.split("|").map((c) => c.trim()));

const quotes = Object.fromEntries(
  rows("quotes.txt").map(([text, author, work, year], i) => [
    `quote-${pad(i + 1, 3)}`,
    {
      text,
      author,
      ...(work ? { work } : {}),
      ...(year ? { year: Number(year) } : {}),
      ...stamp(BASE),
    },
  ]),
);

const allFilms = rows("films.txt");
// Exactly 300, spread evenly over the list (which runs roughly by country and director).
const chosen = allFilms.filter((_, i) => Math.floor(((i + 1) * 300) / allFilms.length) > Math.floor((i * 300) / allFilms.length));
const DAY = 86_400_000;
const FIRST_WATCH = ts("2019-01-05T00:00:00Z");
const LAST_WATCH = ts("2026-02-25T00:00:00Z");
const films = Object.fromEntries(
  chosen.map(([title, year, directors, countries, minutes], i) => {
    const watched = new Date(FIRST_WATCH + Math.floor(random() * ((LAST_WATCH - FIRST_WATCH) / DAY)) * DAY).toISOString().slice(0, 10);
    const rating = Math.min(5, Math.max(1, Math.round((2.5 + random() * 2.7) * 2) / 2));
    return [
      `film-${pad(i + 1, 3)}`,
      {
        title,
        year: Number(year),
        directors: (directors ?? "").split("&").map((d) => d.trim()),
        countries: (countries ?? "").split(",").map((c) => c.trim()),
        minutes: Number(minutes),
        rating,
        watchedOn: watched,
        // A few films have a poster: "poster-<title as a slug>" in pictures.json.
        ...(pictures[`poster-${slugOf(title ?? "")}`] ? imageFields(`poster-${slugOf(title ?? "")}`, "posterUrl", "posterImage") : {}),
        ...stamp(BASE),
      },
    ];
  }),
);

const unused = Object.keys(pictures).filter((key) => !usedPictures.has(key));
if (unused.length > 0) throw new Error(`seed: pictures.json has pictures nothing uses: ${unused.join(", ")}`);
// The media library's records (MediaRecordSchema), as an upload writes them once its variants are stored.
const media = Object.fromEntries(
  Object.values(pictures).map(({ id, name, alt, placeholder, variants }) => [id, { alt, placeholder, name, variants, createdAt: BASE, ...stamp(BASE) }]),
);

const seed = {
  site: { about, contact },
  experience,
  skills,
  projects,
  recommendations,
  recommendationSubmissions,
  blog: { posts, drafts, index },
  quotes,
  films,
  // What the films page shows of the whole log, as the film writes keep it (film-stats.ts).
  ...filmStatsRecords(Object.values(films)),
  media,
};

/** Every image the seed would make a browser load, as written in the data. */
function imageRefs(node: unknown, out: string[] = []): string[] {
  if (Array.isArray(node)) node.forEach((n) => imageRefs(n, out));
  else if (node && typeof node === "object") {
    for (const [key, value] of Object.entries(node)) {
      if (["avatarUrl", "imageUrl", "coverUrl", "posterUrl"].includes(key) && typeof value === "string") out.push(value);
      else if (typeof value === "string") for (const m of value.matchAll(/!\[[^\]]*\]\(\s*<?([^\s)>]+)/g)) out.push(m[1] ?? "");
      else imageRefs(value, out);
    }
  }
  return out;
}
const seedVariant = (src: string) => {
  const id = mediaIdOfUrl(SEED_STORAGE, src);
  return id !== null && existsSync(here(`./storage/${decodeURIComponent(new URL(src).pathname.split("/o/")[1] ?? "")}`));
};
const badImages = imageRefs(seed).filter(
  (src) => !seedVariant(src) && (!/^\/images\/[\w./-]+$/.test(src) || src.includes("..") || !existsSync(here(`.${src}`))),
);
if (badImages.length > 0) {
  throw new Error(
    `seed: images must be site paths /images/... with a file in seed/images, or demo pictures with their variants in seed/storage (offline demo): ${badImages.join(", ")}`,
  );
}

writeFileSync(here("./demo-content.json"), `${JSON.stringify(seed, null, 2)}\n`);
// The shell serves shell/public at the site root: keep its copy of the images in step.
cpSync(here("./images"), here("../shell/public/images"), { recursive: true });
console.log(
  `seed: ${Object.keys(experience).length} experience, ${Object.keys(skills).length} skills, ${Object.keys(projects).length} projects, ` +
    `${Object.keys(recommendations).length} recommendations + ${Object.keys(recommendationSubmissions).length} pending, ` +
    `${Object.keys(posts).length} published posts + ${Object.keys(drafts).length} drafts, ` +
    `${Object.keys(quotes).length} quotes, ${Object.keys(films).length} films, ${Object.keys(media).length} pictures`,
);

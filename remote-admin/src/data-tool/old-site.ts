// Converts a Realtime Database export of the older version of this site into this site's
// export format, so it goes through the same validation, summary and one-operation write as
// any import. The older site kept these nodes:
//   about                 HTML string, or { title, content (HTML), image, location, cv }
//   working-experience    { company, position, location, startDate, endDate, description (HTML),
//                           technologies, projects: [{ name, description, technologies }], link }
//   skills                { name, category } records, category groups, or { category: [names] }
//   free-time-projects    { title, description (HTML), technologies, github, demo, image, date }
//   recommendations       { name, position, company, relation, text, image, linkedin, date, showPublic }
//   blog/posts            { title, content (HTML), description, tags, image, date, published }
//   blog/favorite-quotes  { quote, author, source, year }
//   listOfSeenfilms       { title, year, director, country, duration, rating (of 10), created_at, ... }
// Field names vary a little between the older site's versions, so common aliases are accepted.
// A value that cannot be mapped is left out; the schema check then names the record and field.
import { LIMITS, slugify, type ContentTree } from "shared-content/admin";
import { htmlToMarkdown, htmlToText } from "./html-to-markdown";
import { compact, entries, int, isObj, list, markdown, newKey, pick, plain, str, toDay, toMillis, toMonth, truncate, url, type Obj } from "./old-site-values";

export interface ConversionNote {
  /** Path in the older export, e.g. "recommendations/-Nrec3". */
  path: string;
  message: string;
}

export interface ConversionResult {
  tree: ContentTree;
  notes: ConversionNote[];
}

/** True when a parsed file has the older site's layout (and not this site's `site` node). */
export function isOldSiteExport(value: unknown): boolean {
  if (!isObj(value) || "site" in value) return false;
  if ("working-experience" in value || "free-time-projects" in value || "listOfSeenfilms" in value || "about" in value) return true;
  return isObj(value.blog) && "favorite-quotes" in value.blog;
}

// --- the nodes ------------------------------------------------------------------------------

function convertAbout(node: unknown, notes: ConversionNote[]): Obj | undefined {
  const record: Obj = typeof node === "string" ? { content: node } : isObj(node) ? node : {};
  let html = str(record, "content", "html", "text", "description", "bio", "body") ?? "";
  let headline = plain(record, "title", "headline", "name");
  if (!headline) {
    // Without a title field, the first heading of the HTML becomes the headline.
    const heading = /<h[1-3][^>]*>([\s\S]*?)<\/h[1-3]>/i.exec(html);
    if (heading) {
      headline = htmlToText(heading[1] ?? "") || undefined;
      html = html.replace(heading[0], "");
    }
  }
  if (!headline) {
    headline = "About me";
    notes.push({ path: "about", message: 'No title found; the headline is set to "About me".' });
  }
  return compact({
    headline: truncate(headline, LIMITS.headline.max),
    bio: htmlToMarkdown(html) || undefined,
    avatarUrl: url(record, "image", "avatar", "photo", "imageUrl", "picture"),
    location: plain(record, "location", "city"),
    cvUrl: url(record, "cv", "cvUrl", "resume", "resumeUrl"),
  });
}

function convertExperience(node: unknown, notes: ConversionNote[]): Obj {
  const taken = new Set<string>();
  const rows = entries(node).map(([oldKey, raw], i) => {
    const r = isObj(raw) ? raw : {};
    const technologies = list(pick(r, "technologies", "techStack", "stack", "skills"));
    let summary = markdown(r, "description", "summary", "content", "responsibilities");
    const projects = entries(pick(r, "projects")).map(([, p]) => {
      const project = isObj(p) ? p : { name: String(p) };
      return compact({
        name: plain(project, "name", "title"),
        description: truncate(plain(project, "description", "summary"), LIMITS.summary.max),
        technologies: list(pick(project, "technologies", "techStack", "stack")),
      });
    });
    if (technologies && projects.length === 0) {
      // This site keeps technologies per project; without projects they go into the summary.
      summary = [summary, `**Technologies:** ${technologies.join(", ")}`].filter(Boolean).join("\n\n");
    } else if (technologies) {
      notes.push({ path: `working-experience/${oldKey}`, message: "Technologies of the position were kept on its projects only." });
    }
    return {
      key: newKey(oldKey, i, taken),
      record: compact({
        company: plain(r, "company", "companyName", "employer"),
        companyUrl: url(r, "link", "companyUrl", "website", "url"),
        role: plain(r, "position", "role", "title", "jobTitle"),
        location: plain(r, "location", "city"),
        start: toMonth(pick(r, "startDate", "start", "from", "dateFrom")),
        end: toMonth(pick(r, "endDate", "end", "to", "dateTo")),
        summary,
        projects: projects.length > 0 ? projects : undefined,
      }),
    };
  });
  // Most recent first, as the older site listed them.
  rows.sort((a, b) => String(b.record.start ?? "").localeCompare(String(a.record.start ?? "")));
  return Object.fromEntries(rows.map((row, order) => [row.key, { ...row.record, order }]));
}

function convertSkills(node: unknown): Obj {
  const flat: { name: string; category: string; oldKey: string }[] = [];
  for (const [key, raw] of entries(node)) {
    if (typeof raw === "string") flat.push({ name: raw, category: "Skills", oldKey: key });
    else if (Array.isArray(raw)) {
      // { frontend: ["Vue", "React"] }
      for (const name of list(raw) ?? []) flat.push({ name, category: key, oldKey: `${key}-${slugify(name)}` });
    } else if (isObj(raw)) {
      const items = pick(raw, "skills", "items", "list");
      if (items !== undefined) {
        const category = plain(raw, "category", "title", "name", "type") ?? key;
        for (const name of list(items) ?? []) flat.push({ name, category, oldKey: `${key}-${slugify(name)}` });
      } else {
        flat.push({
          name: plain(raw, "name", "title", "skill") ?? "",
          category: plain(raw, "category", "type", "group") ?? "Skills",
          oldKey: key,
        });
      }
    }
  }
  const taken = new Set<string>();
  return Object.fromEntries(flat.map((s, order) => [newKey(s.oldKey, order, taken), compact({ name: s.name || undefined, category: s.category, order })]));
}

function convertProjects(node: unknown): Obj {
  const taken = new Set<string>();
  return Object.fromEntries(
    entries(node).map(([oldKey, raw], order) => {
      const r = isObj(raw) ? raw : {};
      return [
        newKey(oldKey, order, taken),
        compact({
          title: plain(r, "title", "name"),
          summary: markdown(r, "description", "summary", "content"),
          sourceUrl: url(r, "github", "githubUrl", "githubLink", "sourceUrl", "repo", "repository"),
          liveUrl: url(r, "demo", "demoUrl", "liveUrl", "link", "url", "website"),
          imageUrl: url(r, "image", "imageUrl", "img", "thumbnail"),
          technologies: list(pick(r, "technologies", "techStack", "stack", "tags")),
          date: toMonth(pick(r, "date", "year", "createdAt", "created_at")),
          order,
        }),
      ];
    }),
  );
}

function convertRecommendations(node: unknown, notes: ConversionNote[]): Obj {
  const taken = new Set<string>();
  const out: Obj = {};
  let order = 0;
  entries(node).forEach(([oldKey, raw], i) => {
    const r = isObj(raw) ? raw : {};
    const name = plain(r, "name", "fullName", "author");
    if (r.showPublic !== true) {
      // The older site kept unapproved ones in the same list, hidden by this flag. This site
      // publishes everything under recommendations/, so hidden ones stay behind.
      notes.push({
        path: `recommendations/${oldKey}`,
        message: `Not imported: ${name ?? "this recommendation"} was hidden on the older site (showPublic is not true).`,
      });
      return;
    }
    const position = plain(r, "position", "role", "jobTitle", "title");
    const company = plain(r, "company", "companyName");
    const linkedin = url(r, "linkedin", "linkedIn", "link", "url", "profileUrl");
    out[newKey(oldKey, i, taken)] = compact({
      fullName: name,
      role: position && company ? `${position} at ${company}` : (position ?? company),
      relationship: plain(r, "relation", "relationship", "connection"),
      text: markdown(r, "text", "recommendation", "content", "description"),
      avatarUrl: url(r, "image", "avatar", "photo", "imageUrl"),
      links: linkedin ? [{ label: /linkedin\.com/i.test(linkedin) ? "LinkedIn" : "Profile", url: linkedin }] : undefined,
      date: toDay(pick(r, "date", "createdAt", "created_at")),
      order: order++,
    });
  });
  return out;
}

function convertPosts(node: unknown, notes: ConversionNote[]): Obj {
  const out: Obj = {};
  entries(node).forEach(([oldKey, raw]) => {
    const r = isObj(raw) ? raw : {};
    const title = plain(r, "title", "name");
    const base = slugify(str(r, "slug") ?? title ?? oldKey) || `post-${slugify(oldKey) || "untitled"}`;
    let slug = base;
    for (let n = 2; slug in out; n += 1) slug = `${base}-${n}`;
    if (slug !== base) notes.push({ path: `blog/posts/${oldKey}`, message: `Two posts share the slug "${base}"; this one became "${slug}".` });
    const html = str(r, "content", "body", "html", "text") ?? "";
    const summary = plain(r, "description", "summary", "subtitle", "excerpt") ?? truncate(htmlToText(html), 200) ?? undefined;
    const published = r.published === false || r.isPublished === false || r.draft === true || r.status === "draft" ? false : true;
    const created = toMillis(pick(r, "date", "createdAt", "created_at", "publishedAt", "timestamp"));
    out[slug] = compact({
      title,
      summary: truncate(summary || undefined, LIMITS.summary.max),
      body: htmlToMarkdown(html) || undefined,
      tags: list(pick(r, "tags", "categories", "labels")),
      coverUrl: url(r, "image", "cover", "coverImage", "coverUrl", "thumbnail"),
      status: published ? "published" : "draft",
      createdAt: created,
      publishedAt: published ? created : undefined,
    });
  });
  return out;
}

function convertQuotes(node: unknown): Obj {
  const taken = new Set<string>();
  return Object.fromEntries(
    entries(node).map(([oldKey, raw], i) => {
      const r: Obj = isObj(raw) ? raw : { quote: raw };
      const year = int(pick(r, "year"));
      return [
        newKey(oldKey, i, taken),
        compact({
          text: plain(r, "quote", "text", "content"),
          author: plain(r, "author", "by", "person") ?? "Unknown",
          work: plain(r, "source", "book", "work", "from"),
          year,
        }),
      ];
    }),
  );
}

function convertFilms(node: unknown, notes: ConversionNote[]): Obj {
  const rows = entries(node);
  // Ratings above 5 mean the older site rated out of 10: halve all of them to this site's 0-5.
  const ratings = rows.map(([, raw]) => (isObj(raw) ? Number(pick(raw, "rating", "rate", "myRating")) : NaN));
  const outOfTen = ratings.some((x) => Number.isFinite(x) && x > 5);
  if (outOfTen) notes.push({ path: "listOfSeenfilms", message: "Ratings were out of 10; they were halved to the 0-5 scale (half steps)." });
  const taken = new Set<string>();
  return Object.fromEntries(
    rows.map(([oldKey, raw], i) => {
      const r = isObj(raw) ? raw : {};
      const rating = ratings[i];
      const scaled = Number.isFinite(rating) ? Math.round((outOfTen ? rating! / 2 : rating!) * 2) / 2 : undefined;
      return [
        newKey(oldKey, i, taken),
        compact({
          title: plain(r, "title", "name", "originalTitle"),
          year: int(pick(r, "year", "releaseYear")),
          directors: list(pick(r, "directors", "director")),
          countries: list(pick(r, "countries", "country")),
          minutes: int(pick(r, "duration", "minutes", "runtime", "length")),
          rating: scaled,
          synopsis: truncate(plain(r, "description", "synopsis", "plot", "overview"), LIMITS.film.synopsis.max),
          posterUrl: url(r, "poster", "posterUrl", "image", "imageUrl"),
          watchedOn: toDay(pick(r, "watchedOn", "watchedAt", "seenAt", "created_at", "createdAt", "date")),
        }),
      ];
    }),
  );
}

/** The older site's export -> this site's export format, with notes on what was adapted. */
export function convertOldSite(old: unknown): ConversionResult {
  const notes: ConversionNote[] = [];
  const tree: ContentTree = {};
  if (!isObj(old)) return { tree, notes: [{ path: "/", message: "The file does not hold a JSON object." }] };

  for (const key of Object.keys(old)) {
    if (!["about", "working-experience", "skills", "free-time-projects", "recommendations", "blog", "listOfSeenfilms"].includes(key)) {
      notes.push({ path: key, message: "Skipped: not part of this site's content." });
    }
  }
  if ("about" in old) {
    const about = convertAbout(old.about, notes);
    if (about) tree.site = { about };
  }
  if ("working-experience" in old) tree.experience = convertExperience(old["working-experience"], notes);
  if ("skills" in old) tree.skills = convertSkills(old.skills);
  if ("free-time-projects" in old) tree.projects = convertProjects(old["free-time-projects"]);
  if ("recommendations" in old) tree.recommendations = convertRecommendations(old.recommendations, notes);
  if (isObj(old.blog)) {
    for (const key of Object.keys(old.blog)) {
      if (key !== "posts" && key !== "favorite-quotes") notes.push({ path: `blog/${key}`, message: "Skipped: not part of this site's content." });
    }
    if ("posts" in old.blog) tree.blog = { posts: convertPosts(old.blog.posts, notes) };
    if ("favorite-quotes" in old.blog) tree.quotes = convertQuotes(old.blog["favorite-quotes"]);
  }
  if ("listOfSeenfilms" in old) tree.films = convertFilms(old.listOfSeenfilms, notes);
  return { tree, notes };
}

// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { analyseImport } from "shared-content/admin";
import fixture from "./old-site-export.json" with { type: "json" };
import { convertOldSite, isOldSiteExport } from "./old-site";
import { htmlToMarkdown, htmlToText } from "./html-to-markdown";

type Obj = Record<string, Record<string, unknown>>;

describe("html to markdown", () => {
  it("converts headings, emphasis, links, lists and code, and drops scripts", () => {
    const md = htmlToMarkdown(
      '<h2>Why</h2><p>Use <strong>labels</strong> and <a href="https://example.com">links</a>.</p><ul><li>one</li></ul><pre><code>npm test</code></pre><script>alert(1)</script>',
    );
    expect(md).toBe("## Why\n\nUse **labels** and [links](https://example.com).\n\n-   one\n\n```\nnpm test\n```");
    expect(md).not.toContain("alert");
  });

  it("leaves plain text alone and extracts text from HTML", () => {
    expect(htmlToMarkdown("  Just text.  ")).toBe("Just text.");
    expect(htmlToText("<p>A &amp; B</p><p>C&nbsp;D</p>")).toBe("A & B C D");
  });
});

describe("older-site export", () => {
  const { tree, notes } = convertOldSite(fixture);
  const t = tree as Record<string, unknown> & { site: { about: Record<string, unknown> }; blog: { posts: Obj } };

  it("is recognised, and this site's own export is not", () => {
    expect(isOldSiteExport(fixture)).toBe(true);
    expect(isOldSiteExport({ site: {}, experience: {} })).toBe(false);
    expect(isOldSiteExport({ blog: { "favorite-quotes": [] } })).toBe(true);
  });

  it("maps every node and passes the current schemas with nothing invalid", () => {
    const plan = analyseImport(tree, {});
    expect(plan.summary.invalid).toEqual([]);
    expect(plan.summary.removed).toEqual([]);
    expect(plan.summary.added.sort()).toEqual(
      [
        "site/about",
        "experience/-NkQe3x1WexpA1",
        "experience/-NkQe3x1WexpB2",
        "skills/-NkSkill001",
        "skills/-NkSkill002",
        "skills/-NkSkill003",
        "skills/-NkSkill004",
        "projects/-NkProj0001",
        "projects/-NkProj0002",
        "recommendations/-NkRec00001",
        "recommendations/-NkRec00002",
        "blog/posts/moving-a-large-app-to-vue-3",
        "blog/posts/notes-on-accessible-forms",
        "quotes/old-1",
        "quotes/old-2",
        "quotes/old-3",
        "films/old-1",
        "films/old-2",
        "films/old-3",
      ].sort(),
    );
  });

  it("turns the about HTML into a headline and a markdown bio", () => {
    expect(t.site.about.headline).toBe("Frontend engineer who likes quiet, fast interfaces");
    expect(t.site.about.bio).toBe(
      "Hi, I am **Ana Kovač**, a frontend engineer from *Zagreb*. I build web apps with [Vue](https://vuejs.org) and TypeScript, and I care about accessibility and performance.\n\nOutside of work I write about what I learn, collect quotes and keep a list of the films I have seen.\n\n-   8 years of experience\n-   Open-source contributor",
    );
  });

  it("maps experience dates, order (most recent first), projects and loose technologies", () => {
    const exp = (t as unknown as { experience: Obj }).experience;
    expect(exp["-NkQe3x1WexpA1"]).toMatchObject({
      company: "Lumen Analytics",
      role: "Senior Frontend Engineer",
      start: "2021-03",
      companyUrl: "https://lumen-analytics.example.com",
      order: 0,
      projects: [
        { name: "Report builder", technologies: ["Vue 3", "TypeScript", "Pinia"] },
        { name: "Design system", description: "Shared components used by four teams.", technologies: ["Vue 3", "Storybook"] },
      ],
    });
    expect(exp["-NkQe3x1WexpA1"]).not.toHaveProperty("end");
    expect(exp["-NkQe3x1WexpB2"]).toMatchObject({ start: "2016-09", end: "2021-02", order: 1 });
    expect(exp["-NkQe3x1WexpB2"]!.summary).toBe("Built marketing sites and a booking widget for travel agencies.\n\n**Technologies:** JavaScript, Vue, Sass");
  });

  it("imports only recommendations that were public, and says so", () => {
    const recs = (t as unknown as { recommendations: Obj }).recommendations;
    expect(Object.keys(recs)).toEqual(["-NkRec00001", "-NkRec00002"]);
    expect(recs["-NkRec00001"]).toMatchObject({
      fullName: "Marko Horvat",
      role: "Engineering Manager at Lumen Analytics",
      relationship: "Manager",
      date: "2023-05-02",
      links: [{ label: "LinkedIn", url: "https://www.linkedin.com/in/marko-horvat-example" }],
    });
    expect(notes).toContainEqual({
      path: "recommendations/-NkRec00003",
      message: "Not imported: Spam Bot was hidden on the older site (showPublic is not true).",
    });
  });

  it("maps posts to slugs with markdown bodies, status and dates", () => {
    const post = t.blog.posts["moving-a-large-app-to-vue-3"]!;
    expect(post).toMatchObject({
      status: "published",
      tags: ["vue", "migration"],
      coverUrl: "https://images.example.com/vue3-cover.png",
      createdAt: Date.parse("2023-03-14T09:00:00.000Z"),
      publishedAt: Date.parse("2023-03-14T09:00:00.000Z"),
      summary: "What went well, what did not, and what I would do differently.",
    });
    expect(post.body).toContain("## Why we moved");
    expect(post.body).toContain("```\nnpm install vue@3\n```");
    expect(post.body).not.toContain("alert");
    const draft = t.blog.posts["notes-on-accessible-forms"]!;
    expect(draft).toMatchObject({ status: "draft", createdAt: 1696150800000, summary: "Every input needs a label. Errors belong next to the field." });
    expect(draft).not.toHaveProperty("publishedAt");
  });

  it("maps quotes and films (ratings out of 10 halved, durations parsed)", () => {
    const quotes = (t as unknown as { quotes: Obj }).quotes;
    expect(quotes["old-3"]).toEqual({ text: "It is not the mountain we conquer but ourselves.", author: "Edmund Hillary", work: "View from the Summit" });
    expect(quotes["old-2"]).toMatchObject({ year: 1972 });
    const films = (t as unknown as { films: Obj }).films;
    expect(films["old-1"]).toMatchObject({
      title: "Arrival",
      directors: ["Denis Villeneuve"],
      countries: ["USA"],
      minutes: 116,
      rating: 4.5,
      watchedOn: "2024-01-06",
    });
    expect(films["old-2"]).toMatchObject({ countries: ["USA", "South Korea"], minutes: 106, rating: 4 });
    expect(films["old-3"]).toMatchObject({ minutes: 162, rating: 5 });
    expect(notes.map((n) => n.path)).toEqual(expect.arrayContaining(["listOfSeenfilms", "filmStats"]));
  });

  it("leaves out what it cannot map, so the schema check names the record", () => {
    const { tree: bad } = convertOldSite({ listOfSeenfilms: [{ title: "No year", director: "Someone", rating: 3, duration: 90, created_at: "2024-01-01" }] });
    const plan = analyseImport(bad, {});
    expect(plan.summary.invalid).toEqual([{ path: "films/old-1", reason: expect.stringMatching(/^year: /) }]);
  });
});

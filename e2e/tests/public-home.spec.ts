// Home: every section from the demo seed, live updates without reload, inert XSS
// payloads in every rendered field, the error state with Retry when the database cannot be
// reached, and a visible empty state.
import { createServer } from "node:net";
import { readFile, writeFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { db, expect, expectRemoteScreen, markNoReload, stackState, test } from "../fixtures";

type Rec = Record<string, unknown>;
const XSS = '<img src=x onerror="window.__xss=1"><script>window.__xss=1</script>';
/** For fields of at most 60 characters (labels, tags). */
const XSS_SHORT = "<img src=x onerror=window.__xss=1>";

async function openHome(page: Page) {
  await page.goto("/");
  return expectRemoteScreen(page, "remote_home", "HomePage");
}

/** No payload ran: no dialog, no flag, no injected element or javascript: link. */
async function expectInert(page: Page) {
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  await expect(page.locator('[data-remote] img[src="x"], [data-remote] script, [data-remote] [onerror], [data-remote] a[href^="javascript"]')).toHaveCount(0);
}

/** A port nothing listens on: a database that is stopped, as the page sees it. */
async function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.listen(0, "127.0.0.1", () => {
      const address = srv.address();
      const port = typeof address === "object" && address ? address.port : 1;
      srv.close(() => resolve(port));
    });
  });
}

test.describe("home page", () => {
  test.beforeEach(({ page }) => {
    page.on("dialog", (d) => {
      throw new Error(`unexpected dialog: ${d.message()}`);
    });
  });

  test("shows every section of the demo content", async ({ page }) => {
    const [about, experience, recommendations, skills, projects, contact] = (await Promise.all(
      ["site/about", "experience", "recommendations", "skills", "projects", "site/contact"].map((p) => db.get(p)),
    )) as [Rec, Rec, Rec, Rec, Rec, Rec];
    expect(Object.keys(experience ?? {}).length, "demo seed: experience").toBeGreaterThanOrEqual(5);
    const slot = await openHome(page);

    await expect(slot.getByRole("heading", { level: 1 })).toHaveText(String(about.headline));
    // The avatar is a path on this site (the shell serves /images/), and it loads.
    const avatar = slot.locator(`img[src="${String(about.avatarUrl)}"]`);
    await expect(avatar).toBeVisible();
    await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await expect(slot.getByRole("region", { name: "Experience" }).getByRole("article")).toHaveCount(Object.keys(experience).length);
    const recs = slot.getByRole("region", { name: "Recommendations" });
    await expect(recs.getByRole("figure")).toHaveCount(Object.keys(recommendations).length);
    const categories = new Set(Object.values(skills).map((s) => (s as Rec).category));
    await expect(slot.getByRole("region", { name: "Skills" }).getByRole("heading", { level: 3 })).toHaveCount(categories.size);
    for (const s of Object.values(skills))
      await expect(slot.getByRole("region", { name: "Skills" }).getByText(String((s as Rec).name), { exact: true })).toBeVisible();
    await expect(slot.getByRole("region", { name: "Free-time projects" }).getByRole("article")).toHaveCount(Object.keys(projects).length);
    await expect(slot.getByRole("region", { name: "Get in touch" }).getByRole("link", { name: String(contact.email) })).toHaveAttribute(
      "href",
      `mailto:${contact.email}`,
    );

    // Pending submissions are never public.
    await expect(recs.getByRole("figure")).toHaveCount(Object.keys(recommendations).length);
    // Plain paths through the shell's router.
    await slot.getByRole("link", { name: "Write a recommendation" }).first().click();
    await expect(page).toHaveURL(/\/write-recommendation$/);
    await expectRemoteScreen(page, "remote_home", "WriteRecommendationPage");
  });

  test("the contact e-mail stays on one line, on a desktop and on a phone", async ({ page }) => {
    const { email } = (await db.get("site/contact")) as { email: string };
    for (const width of [1280, 360]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/");
      const link = page.getByRole("region", { name: "Get in touch" }).getByRole("link", { name: email });
      const lineHeight = await link.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight));
      const box = await link.boundingBox();
      expect(box?.height ?? 0, `${width} px`).toBeLessThan(lineHeight * 1.5);
    }
  });

  test("updates live when the content changes, without a reload", async ({ page }) => {
    const slot = await openHome(page);
    const noReload = await markNoReload(page);
    const skills = slot.getByRole("region", { name: "Skills" });
    await expect(skills.getByRole("heading", { level: 3 }).first()).toBeVisible();
    const id = `e2e-live-${Date.now()}`;
    try {
      await db.set(`skills/${id}`, { name: "Live-Update Skill", category: "E2E Category", order: 999_999, rev: 1, updatedAt: Date.now() });
      await expect(skills.getByRole("heading", { name: "E2E Category" })).toBeVisible();
      await expect(skills.getByText("Live-Update Skill")).toBeVisible();
      const about = (await db.get("site/about")) as Rec;
      await db.update("site/about", { headline: "A headline changed while the page was open" });
      await expect(slot.getByRole("heading", { level: 1 })).toHaveText("A headline changed while the page was open");
      await db.update("site/about", { headline: about.headline as string });
      await expect(slot.getByRole("heading", { level: 1 })).toHaveText(String(about.headline));
    } finally {
      await db.remove(`skills/${id}`);
    }
    await expect(skills.getByText("Live-Update Skill")).toHaveCount(0);
    await noReload();
  });

  test("database text stays inert in every section", async ({ page }) => {
    const [about, contact] = (await Promise.all([db.get("site/about"), db.get("site/contact")])) as [Rec, Rec];
    const ids = {
      experience: `e2e-xss-${Date.now()}`,
      skills: `e2e-xss-${Date.now()}`,
      projects: `e2e-xss-${Date.now()}`,
      recommendations: `e2e-xss-${Date.now()}`,
    };
    const meta = { rev: 1, updatedAt: Date.now() };
    await page.addInitScript(() => delete (window as unknown as { __xss?: number }).__xss);
    try {
      await db.update("site/about", {
        headline: `Headline ${XSS}`,
        bio: `Bio ${XSS} [click](javascript:window.__xss=1) <a href="javascript:window.__xss=1">a</a>`,
      });
      await db.update("site/contact", { location: XSS, links: [{ label: XSS_SHORT, url: "https://example.com/contact" }] });
      await db.set(`experience/${ids.experience}`, {
        company: XSS,
        role: XSS,
        location: XSS,
        start: "2020-01",
        summary: `${XSS}`,
        projects: [{ name: XSS, description: XSS, technologies: [XSS_SHORT] }],
        order: 999_999,
        ...meta,
      });
      await db.set(`skills/${ids.skills}`, { name: "<b onmouseover=x>s</b>", category: "<i>c</i>", order: 999_999, ...meta });
      await db.set(`projects/${ids.projects}`, { title: XSS, summary: XSS, technologies: ["<u>t</u>"], date: "2024-01", order: 999_999, ...meta });
      await db.set(`recommendations/${ids.recommendations}`, {
        fullName: "<b>Eve</b> Mallory",
        role: XSS,
        relationship: XSS,
        text: `${XSS} ${XSS}`,
        links: [{ label: XSS_SHORT, url: "https://example.com/eve" }],
        date: "2024-01-01",
        order: 999_999,
        ...meta,
      });
      const slot = await openHome(page);
      await expect(slot.getByRole("heading", { level: 1 })).toContainText("<img src=x");
      await expect(slot.getByRole("region", { name: "Experience" })).toContainText('onerror="window.__xss=1"');
      await expect(slot.getByRole("region", { name: "Skills" })).toContainText("<b onmouseover=x>s</b>");
      await expect(slot.getByRole("region", { name: "Recommendations" })).toContainText("<b>Eve</b> Mallory");
      await expect(slot.getByRole("region", { name: "Get in touch" })).toContainText(XSS_SHORT);
      await page.mouse.move(10, 10);
      await page.waitForTimeout(300);
      await expectInert(page);
      await expect(slot.locator("b[onmouseover], i, u")).toHaveCount(0);
    } finally {
      await db.set("site/about", about);
      await db.set("site/contact", contact);
      for (const [kind, id] of Object.entries(ids)) await db.remove(`${kind}/${id}`);
    }
  });

  test("a record with a javascript: URL is left out, the rest still renders", async ({ page }) => {
    const id = `e2e-badurl-${Date.now()}`;
    try {
      await db.set(`projects/${id}`, {
        title: "Bad URL project",
        summary: "x",
        sourceUrl: "javascript:window.__xss=1",
        technologies: [],
        date: "2024-01",
        order: 999_999,
        rev: 1,
        updatedAt: Date.now(),
      });
      const slot = await openHome(page);
      const projects = slot.getByRole("region", { name: "Free-time projects" });
      await expect(projects.getByRole("article").first()).toBeVisible();
      await expect(projects.getByText("Bad URL project")).toHaveCount(0);
      await expectInert(page);
    } finally {
      await db.remove(`projects/${id}`);
    }
  });

  test("each section shows an error with Retry when the database cannot be reached", async ({ page }) => {
    test.setTimeout(60_000);
    // Point this page at a database port nothing listens on (the shared stack keeps running
    // for the other tests): every live read is refused at once.
    const { configFile } = await stackState();
    const before = await readFile(configFile, "utf8");
    const config = JSON.parse(before) as { firebase: { databaseURL: string }; emulators?: { database?: { port: number } } };
    const port = await closedPort();
    config.firebase.databaseURL = config.firebase.databaseURL.replace(/:\d+\//, `:${port}/`);
    if (config.emulators?.database) config.emulators.database.port = port;
    await writeFile(configFile, JSON.stringify(config, null, 2));
    try {
      // The server renderer re-reads config.json every 2 s: wait until it renders with this one.
      await expect.poll(async () => (await page.request.get("/")).status(), { timeout: 15_000 }).toBe(503);
      await page.goto("/");
      const slot = await expectRemoteScreen(page, "remote_home", "HomePage");
      // An error with Retry in every section.
      for (const name of ["Experience", "Recommendations", "Skills", "Free-time projects", "Get in touch"]) {
        const region = slot.getByRole("region", { name });
        await expect(region.getByRole("alert")).toContainText(/could not be loaded/i, { timeout: 20_000 });
        await expect(region.getByRole("button", { name: "Retry" })).toBeVisible();
      }
      // Retry reads again (a new request to the database), and says so again while it is down.
      const skills = slot.getByRole("region", { name: "Skills" });
      const again = page.waitForRequest((r) => r.url().includes(`:${port}/skills.json`));
      await skills.getByRole("button", { name: "Retry" }).click();
      await again;
      await expect(skills.getByRole("alert")).toContainText(/could not be loaded/i);
    } finally {
      await writeFile(configFile, before);
    }
    // With the database back, the page works again.
    await expect.poll(async () => (await page.request.get("/")).status(), { timeout: 15_000 }).toBe(200);
    await page.reload();
    const slot = await expectRemoteScreen(page, "remote_home", "HomePage");
    await expect(slot.getByRole("region", { name: "Experience" }).getByRole("article").first()).toBeVisible();
  });

  test("an empty collection shows its empty state", async ({ page }) => {
    const projects = await db.get("projects");
    try {
      await db.remove("projects");
      const slot = await openHome(page);
      await expect(slot.getByRole("region", { name: "Free-time projects" }).getByText(/no side projects/i)).toBeVisible();
    } finally {
      if (projects) await db.set("projects", projects);
    }
  });
});

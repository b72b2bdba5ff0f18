// Series on the composed build: the server's HTML of a post in a series ("Part n of m", links to the
// other published parts, none to a draft part) and of the series page, its 404, the sitemap, and
// axe on both in the light and the dark theme.
import { db, expect, expectNoSeriousA11yViolations, expectRemoteScreen, keepContent, setTheme, signInAsAdmin, test } from "../fixtures";

keepContent("blog");

test("a post in a series shows its place and the other parts, in the server's HTML; the series has its own page", async ({ page, request }) => {
  const stamp = Date.now().toString(36);
  const series = { slug: `caching-${stamp}`, title: `Caching ${stamp}` };
  const t = Date.now() - 86_400_000;
  const parts = [
    { slug: `cache-one-${stamp}`, title: `Cache headers ${stamp}`, part: 1 },
    { slug: `cache-two-${stamp}`, title: `Stale while revalidate ${stamp}`, part: 2 },
  ];
  const draftPart = { slug: `cache-three-${stamp}`, title: `Not yet ${stamp}`, part: 3 };
  const updates: Record<string, unknown> = {};
  parts.forEach((p, i) => {
    const post = {
      title: p.title,
      summary: `Part ${p.part}.`,
      body: `Part ${p.part} of the caching series.`,
      tags: ["caching"],
      status: "published",
      readingMinutes: 1,
    };
    updates[`posts/${p.slug}`] = { ...post, createdAt: t, publishedAt: t + i, rev: 1, updatedAt: t, series: { ...series, part: p.part } };
    updates[`index/${p.slug}`] = { title: p.title, summary: post.summary, tags: post.tags, readingMinutes: 1, publishedAt: t + i };
    updates[`series/${series.slug}/${p.slug}`] = { seriesTitle: series.title, title: p.title, part: p.part };
  });
  updates[`drafts/${draftPart.slug}`] = {
    title: draftPart.title,
    summary: "Soon.",
    body: "Soon.",
    status: "draft",
    readingMinutes: 1,
    createdAt: t,
    rev: 1,
    updatedAt: t,
    series: { ...series, part: 3 },
  };
  await db.update("blog", updates);

  // The server's HTML, as a crawler or a reader without scripts gets it.
  const html = await (await request.get(`/blogs/${parts[1]!.slug}`)).text();
  const box = html.match(/<nav[^>]*aria-label="Series: [^"]*"[^>]*>[\s\S]*?<\/nav>/)?.[0] ?? "";
  expect(box).toContain(`aria-label="Series: ${series.title}"`);
  expect(box).toMatch(/Part <!-- -->2<!-- --> of <!-- -->2|Part 2 of 2/);
  expect(box).toContain(`href="/blogs/series/${series.slug}"`);
  expect(box).toContain(`href="/blogs/${parts[0]!.slug}"`);
  expect(box).toMatch(new RegExp(`aria-current="page"[^>]*>${parts[1]!.title}<`));
  expect(box).not.toContain(draftPart.slug);
  expect(box).not.toContain(draftPart.title);

  const seriesPage = await request.get(`/blogs/series/${series.slug}`);
  expect(seriesPage.status()).toBe(200);
  const seriesHtml = await seriesPage.text();
  expect(seriesHtml).toContain(`<title>${series.title}`);
  const order = parts.map((p) => seriesHtml.indexOf(`href="/blogs/${p.slug}"`));
  expect(order.every((i) => i > 0)).toBe(true);
  expect(order[0]!).toBeLessThan(order[1]!);
  expect(seriesHtml).not.toContain(draftPart.slug);
  expect((await request.get(`/blogs/series/no-such-series-${stamp}`)).status()).toBe(404);
  expect(await (await request.get("/sitemap.xml")).text()).toContain(`/blogs/series/${series.slug}</loc>`);

  // In the browser: the same box, its links, and no serious accessibility problem in either theme.
  await page.goto(`/blogs/${parts[0]!.slug}`);
  await expectRemoteScreen(page, "remote_blog", "BlogPostPage");
  const nav = page.getByRole("navigation", { name: `Series: ${series.title}` });
  await expect(nav).toContainText("Part 1 of 2");
  for (const theme of ["light", "dark"] as const) {
    await setTheme(page, theme);
    await expectNoSeriousA11yViolations(page, { include: `nav[aria-label="Series: ${series.title}"]` });
  }
  await nav.getByRole("link", { name: series.title }).click();
  await expect(page).toHaveURL(`/blogs/series/${series.slug}`);
  await expectRemoteScreen(page, "remote_blog", "BlogSeriesPage");
  await expect(page.getByRole("heading", { level: 1, name: series.title })).toBeVisible();
  await expect(page.getByRole("list", { name: `The parts of ${series.title}` }).getByRole("link")).toHaveText(parts.map((p) => p.title));
  await expectNoSeriousA11yViolations(page);
});

test("the owner puts a post in a series in the editor, choosing an existing series", async ({ page }) => {
  const stamp = Date.now().toString(36);
  const slug = `in-series-${stamp}`;
  const t = Date.now();
  await db.set(`blog/drafts/${slug}`, {
    title: `In a series ${stamp}`,
    summary: "S.",
    body: "Words.",
    status: "draft",
    readingMinutes: 1,
    createdAt: t,
    rev: 1,
    updatedAt: t,
  });
  await signInAsAdmin(page, `/admin-panel/write-blog?edit=${slug}`);
  await expectRemoteScreen(page, "remote_admin", "WriteBlog");
  await page.getByLabel("Series name").fill(`Deploying ${stamp}`);
  await expect(page.getByText(`A new series, at /blogs/series/deploying-${stamp}.`)).toBeVisible();
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByText("Give this post's part number in the series, a whole number from 1 to 999.")).toBeVisible();
  await page.getByLabel("Part number").fill("1");
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: "Published." })).toBeVisible();
  expect(await db.get(`blog/series/deploying-${stamp}/${slug}`)).toEqual({ seriesTitle: `Deploying ${stamp}`, title: `In a series ${stamp}`, part: 1 });
});

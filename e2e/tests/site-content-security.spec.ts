// Every document of the site carries a Content-Security-Policy that limits scripts to the site
// and the remotes (inline scripts by hash only, never a database host) and connections to the same
// plus the database and Auth, and the whole site works under it: public pages with their live
// streams, sign-in, the admin panel (its remote and its database writes), and an anonymous
// visitor's recommendation. Any violation the browser reports fails the test.
import type { Page } from "@playwright/test";
import { readFile } from "node:fs/promises";
import { db, expect, expectRemoteScreen, openAdminScreen, REMOTE_ORIGINS, stackState, test } from "../fixtures";

declare global {
  interface Window {
    __cspViolations?: string[];
    __injected?: number;
  }
}

/** Records every CSP violation the page reports (Playwright's init scripts are not subject to CSP). */
async function recordViolations(page: Page): Promise<() => Promise<string[]>> {
  const console: string[] = [];
  page.on("console", (m) => {
    if (/Content Security Policy/i.test(m.text())) console.push(m.text());
  });
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener("securitypolicyviolation", (e) => window.__cspViolations!.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  return async () => [...console, ...(await page.evaluate(() => window.__cspViolations ?? []))];
}

const directive = (policy: string, name: string) =>
  policy
    .split(/;\s*/)
    .find((d) => d.startsWith(`${name} `))
    ?.split(" ")
    .slice(1) ?? [];

test("documents limit scripts to the site, the remotes and the listed preview origins (no database host), with no inline script but by hash", async ({
  request,
}) => {
  const { configFile } = await stackState();
  const previewOrigins = (JSON.parse(await readFile(configFile, "utf8")) as { previewOrigins?: string[] }).previewOrigins ?? [];
  const codeOrigins = [...Object.values(REMOTE_ORIGINS), ...previewOrigins];
  for (const path of ["/", "/blogs/list", "/favorite-quotes", "/no/such/page", "/login", "/admin-panel"]) {
    const policy = (await request.get(path)).headers()["content-security-policy"] ?? "";
    const scripts = directive(policy, "script-src");
    expect(scripts, path).toEqual(expect.arrayContaining(["'self'", ...codeOrigins]));
    // The database's REST API answers JSONP: none of its hosts may serve script or frames.
    expect(
      scripts.filter((s) => !s.startsWith("'") && !codeOrigins.includes(s)),
      path,
    ).toEqual([]);
    expect(directive(policy, "frame-src"), path).toEqual(["'none'"]);
    expect(
      scripts.filter((s) => s.startsWith("'") && s !== "'self'" && !s.startsWith("'sha256-")),
      path,
    ).toEqual([]);
    expect(directive(policy, "connect-src"), path).toEqual(expect.arrayContaining(["'self'", ...Object.values(REMOTE_ORIGINS)]));
    expect(directive(policy, "frame-ancestors"), path).toEqual(["'none'"]);
    expect(directive(policy, "object-src"), path).toEqual(["'none'"]);
  }
});

test("public pages hydrate and follow live changes under the policy, and an injected inline script does not run", async ({ page }) => {
  const violations = await recordViolations(page);
  const post = Object.keys((await db.get("/blog/index")) as Record<string, unknown>)[0];
  for (const path of ["/", "/blogs/list", `/blogs/${post}`, "/list-of-seen-films", "/write-recommendation", "/no/such/page", "/favorite-quotes"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 }).first(), path).toBeVisible();
  }
  // The live stream (EventSource to the database) is allowed: an edit shows without a reload.
  const quotes = (await db.get("/quotes")) as Record<string, { text: string }>;
  const [id, quote] = Object.entries(quotes)[0]!;
  const text = `Quoted under a strict policy ${Date.now()}`;
  await db.update("/", { [`quotes/${id}/text`]: text });
  try {
    await expect(page.getByText(text)).toBeVisible();
  } finally {
    await db.update("/", { [`quotes/${id}/text`]: quote.text });
  }
  expect(await violations()).toEqual([]);

  // The control: markup that got in some other way cannot run a script of its own.
  await page.evaluate(() => {
    const script = document.createElement("script");
    script.textContent = "window.__injected = 1";
    document.body.append(script);
  });
  // Reported twice: the violation event and the console's message.
  await expect.poll(violations).toEqual([expect.stringMatching(/^Executing inline script violates .*'script-src 'self' 'sha256-/), "script-src-elem inline"]);
  expect(await page.evaluate(() => window.__injected)).toBeUndefined();
});

test("sign-in and the admin panel work under the policy: the admin remote loads and a save reaches the database", async ({ page }) => {
  const violations = await recordViolations(page);
  const screen = await openAdminScreen(page, "configure-about", "ConfigureAbout");
  const headline = screen.getByLabel("Headline");
  const before = await headline.inputValue();
  const changed = `${before.replace(/ \(csp \d+\)$/, "")} (csp ${Date.now()})`;
  try {
    await headline.fill(changed);
    await page.getByRole("button", { name: /^(Save|Save changes)$/ }).click();
    await expect(page.getByRole("status").filter({ hasText: /^Saved$/ })).toBeVisible();
    await expect.poll(async () => ((await db.get("/site/about")) as { headline?: string } | null)?.headline).toBe(changed);
  } finally {
    const about = (await db.get("/site/about")) as Record<string, unknown>;
    await db.set("/site/about", { ...about, headline: before, rev: Number(about.rev) + 1 });
  }
  // Every other admin screen, the account screen and the data tool load under it too.
  for (const [path, module] of [
    ["/admin-panel", "AdminOverview"],
    ["/admin-panel/configure-experience", "ConfigureExperience"],
    ["/admin-panel/configure-recommendations", "ConfigureRecommendations"],
    ["/admin-panel/configure-skills", "ConfigureSkills"],
    ["/admin-panel/configure-free-time-projects", "ConfigureFreeTimeProjects"],
    ["/admin-panel/configure-get-in-touch", "ConfigureGetInTouch"],
    ["/admin-panel/write-blog?edit=new", "WriteBlog"],
    ["/admin-panel/write-quote", "WriteQuote"],
    ["/admin-panel/configure-films", "ConfigureFilms"],
    ["/admin-panel/account", "Account"],
    ["/create-realtime-data", "CreateRealtimeData"],
  ] as const) {
    await page.goto(path);
    await expect((await expectRemoteScreen(page, "remote_admin", module)).getByRole("heading", { level: 1 }), path).toBeVisible();
  }
  expect(await violations()).toEqual([]);
});

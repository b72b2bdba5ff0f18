// Shareable previews rendered by the server: `npm run release -- <remote>
// --preview` prints a link on the site's own origin; whoever follows it gets the candidate in the
// server's HTML (noindex, never shared-cacheable, X-Remote-Releases naming it) and the browser
// hydrates the same candidate; everyone else keeps the live release. A forged, altered, expired or
// revoked link gives the live release and a short notice; "Leave preview" ends it.
import { readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { ConsoleMessage } from "@playwright/test";
import { signPreview } from "release-protocol/preview-token";
import { readLocalPreviewSecret } from "scripts/preview-secret";
import { candidate, editBlogListText, expect, releaseCommand, repoRoot, signInAsAdmin, stackState, test } from "../fixtures";

const LIVE_TEXT = "Filter by tag";
const CANDIDATE_TEXT = "Filter previewed posts by tag";

test.describe.configure({ mode: "serial" });

let link = "";
let candidateManifest = "";

/** The link the release command printed, and the candidate's manifest URL it names. */
function printedLink(output: string): { link: string; manifestUrl: string } {
  const found = /^\s+(http\S+\?preview=\S+)$/m.exec(output)?.[1];
  const manifestUrl = /the candidate (\S+mf-manifest\.json) can be previewed/.exec(output)?.[1];
  if (!found || !manifestUrl) throw new Error(`no preview link in the output:\n${output}`);
  return { link: found, manifestUrl };
}

const errorsOf = (messages: ConsoleMessage[]) => messages.filter((m) => m.type() === "error").map((m) => m.text());

test("a preview link shows the candidate in the server HTML, privately, and the browser hydrates the same candidate", async ({ page }) => {
  test.setTimeout(240_000);
  const { siteUrl } = await stackState();
  const dir = await candidate((d) => editBlogListText(d, LIVE_TEXT, CANDIDATE_TEXT));
  try {
    const result = await releaseCommand(["release", "remote-blog", "--dist", dir, "--preview", "--no-browser"]);
    expect(result.code, result.output).toBe(0);
    ({ link, manifestUrl: candidateManifest } = printedLink(result.output));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  expect(link.startsWith(`${siteUrl}/blogs/list?preview=`)).toBe(true);
  const candidateId = /\/previews\/([^/]+)\/mf-manifest\.json$/.exec(candidateManifest)?.[1];
  expect(candidateId).toBeTruthy();

  // Following the link: the cookie (HttpOnly, SameSite=Lax), then the clean URL.
  const followed = await fetch(link, { redirect: "manual" });
  expect(followed.status).toBe(302);
  expect(followed.headers.get("location")).toBe("/blogs/list");
  expect(followed.headers.get("cache-control")).toBe("private, no-store");
  const setCookie = followed.headers.get("set-cookie") ?? "";
  expect(setCookie).toMatch(/^__session=preview%3D[^;]+; Path=\/; Max-Age=\d+; HttpOnly; SameSite=Lax$/);
  const cookie = setCookie.split(";")[0]!;

  // The server's HTML is the candidate's, for the holder of the cookie only.
  const previewed = await fetch(`${siteUrl}/blogs/list`, { headers: { cookie } });
  const html = await previewed.text();
  expect(previewed.status).toBe(200);
  expect(html).toContain(CANDIDATE_TEXT);
  expect(html).toContain("Previewing a candidate release of");
  expect(previewed.headers.get("x-robots-tag")).toBe("noindex");
  expect(previewed.headers.get("cache-control")).toBe("private, no-store");
  expect(previewed.headers.get("x-remote-releases")).toBe(`remote_blog=${candidateId}`);
  const visitor = await fetch(`${siteUrl}/blogs/list`);
  expect(await visitor.text()).toContain(LIVE_TEXT);
  expect(visitor.headers.get("cache-control")).toMatch(/^public, /);
  expect(visitor.headers.get("x-robots-tag")).toBeNull();

  // A browser following the link hydrates the same candidate, with no console error.
  const messages: ConsoleMessage[] = [];
  page.on("console", (m) => messages.push(m));
  await page.goto(link);
  await expect(page).toHaveURL(`${siteUrl}/blogs/list`);
  const banner = page.getByRole("region", { name: "Release preview" });
  await expect(banner).toContainText("remote_blog");
  await expect(banner).toContainText(candidateManifest);
  await expect(page.getByRole("group", { name: CANDIDATE_TEXT })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("data-remote-releases", `remote_blog=${candidateId}`);
  expect((await page.context().cookies()).find((c) => c.name === "__session")).toMatchObject({ httpOnly: true, sameSite: "Lax" });
  // Interactive: a tag filter answers (the first button is "all posts", pressed already).
  const firstTag = page.getByRole("group", { name: CANDIDATE_TEXT }).getByRole("button").nth(1);
  await firstTag.click();
  await expect(firstTag).toHaveAttribute("aria-pressed", "true");
  await page.screenshot({ path: join(repoRoot, "e2e", ".reports", "preview-link-banner.png") });
  expect(errorsOf(messages)).toEqual([]);

  // Leaving: the cookie is cleared by the server, and the page is the live release again.
  await banner.getByRole("button", { name: "Leave preview" }).click();
  await expect(page).toHaveURL(`${siteUrl}/blogs/list`);
  await expect(page.getByRole("group", { name: LIVE_TEXT })).toBeVisible();
  await expect(page.getByRole("region", { name: "Release preview" })).toHaveCount(0);
  expect((await page.context().cookies()).find((c) => c.name === "__session")).toBeUndefined();
  await page.reload();
  await expect(page.getByRole("group", { name: LIVE_TEXT })).toBeVisible();
  expect(errorsOf(messages)).toEqual([]);
});

test("an admin signs a link from the Releases screen; nobody else can", async ({ page, browser }) => {
  test.setTimeout(120_000);
  expect(candidateManifest, "the first test published a candidate").not.toBe("");
  const { siteUrl } = await stackState();
  const refused = await fetch(`${siteUrl}/__preview-link`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ remote: "remote_blog", manifestUrl: candidateManifest }),
  });
  expect(refused.status).toBe(401);
  expect(await refused.json()).toEqual({ error: "Sign in as an admin to create a preview link." });

  await signInAsAdmin(page, "/admin-panel/releases");
  const url = page.getByLabel("Candidate to share (its mf-manifest.json)");
  await url.fill("https://evil.example/mf-manifest.json");
  await page.getByRole("button", { name: "Create a shareable link" }).click();
  await expect(page.getByRole("alert")).toContainText("https://evil.example is neither a remote's origin of this site nor a preview origin");
  await url.fill(candidateManifest);
  await page.getByLabel("Part to share").selectOption("remote_blog");
  await page.getByRole("button", { name: "Create a shareable link" }).click();
  const made = page.getByLabel("Preview link for remote_blog");
  await expect(made).toHaveValue(new RegExp(`^${siteUrl}/blogs/list\\?preview=`));
  await page.screenshot({ path: join(repoRoot, "e2e", ".reports", "preview-link-admin.png"), fullPage: true });

  // Someone else, not signed in, follows it.
  const other = await browser.newContext();
  try {
    const visitor = await other.newPage();
    await visitor.goto(await made.inputValue());
    await expect(visitor.getByRole("group", { name: CANDIDATE_TEXT })).toBeVisible();
    await expect(visitor.getByRole("region", { name: "Release preview" })).toContainText(candidateManifest);
  } finally {
    await other.close();
  }
});

test("a forged, altered, expired or revoked link shows the live release and a short notice", async ({ page }) => {
  test.setTimeout(120_000);
  expect(link, "the first test made a link").not.toBe("");
  const { configFile } = await stackState();
  const secret = await readLocalPreviewSecret(repoRoot);
  expect(secret).toBeTruthy();
  const now = Math.floor(Date.now() / 1000);
  const grant = { remote: "remote_blog", manifestUrl: candidateManifest, issuedAt: now - 60, expiresAt: now + 3600 };
  const token = new URL(link).searchParams.get("preview")!;
  const [body, signature] = token.split(".");
  const altered = `${Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(body!, "base64url").toString()), e: now + 365 * 86_400 })).toString("base64url")}.${signature}`;
  const cases = [
    ["forged", signPreview(grant, "a-secret-that-is-not-the-site-one-000000"), "This preview link is not valid"],
    ["altered", altered, "This preview link is not valid"],
    ["expired", signPreview({ ...grant, issuedAt: now - 7200, expiresAt: now - 60 }, secret!), "This preview link has expired"],
  ] as const;
  for (const [, badToken, notice] of cases) {
    const response = await page.goto(`/blogs/list?preview=${encodeURIComponent(badToken)}`);
    expect(response?.status()).toBe(200);
    expect(response?.headers()["cache-control"]).toBe("private, no-store");
    expect(response?.headers()["x-robots-tag"]).toBe("noindex");
    expect(await response?.text()).toContain(LIVE_TEXT);
    await expect(page.getByRole("status").filter({ hasText: notice })).toBeVisible();
    await expect(page.getByRole("group", { name: LIVE_TEXT })).toBeVisible();
    await expect(page.getByRole("region", { name: "Release preview" })).toHaveCount(0);
    expect((await page.context().cookies()).find((c) => c.name === "__session")).toBeUndefined();
    if (badToken === cases[0][1]) await page.screenshot({ path: join(repoRoot, "e2e", ".reports", "preview-link-refused.png") });
  }

  // Revoked: a visitor in a preview when the team revokes the remote's links is back on the live release.
  const configBefore = await readFile(configFile, "utf8");
  try {
    await page.goto(link);
    await expect(page.getByRole("group", { name: CANDIDATE_TEXT })).toBeVisible();
    const revoked = await releaseCommand(["release", "remote-blog", "--revoke-previews"]);
    expect(revoked.code, revoked.output).toBe(0);
    expect(revoked.output).toContain("every preview link issued until now is revoked");
    await expect
      .poll(async () => (await page.reload(), await page.getByRole("status").filter({ hasText: "This preview link has been withdrawn" }).count()), {
        timeout: 15_000,
      })
      .toBe(1);
    await expect(page.getByRole("group", { name: LIVE_TEXT })).toBeVisible();
    await expect(page.getByRole("region", { name: "Release preview" })).toHaveCount(0);
    expect((await page.context().cookies()).find((c) => c.name === "__session")).toBeUndefined();
    // The link itself is refused from now on.
    const again = await fetch(link, { redirect: "manual" });
    expect(again.status).toBe(200);
    expect(await again.text()).toContain("This preview link has been withdrawn");
  } finally {
    await writeFile(configFile, configBefore);
  }
});

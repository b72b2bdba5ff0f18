// The data tool at /create-realtime-data: who may use it; export then import of the
// exported file is a no-op; an invalid import is refused with its reasons and writes nothing;
// the older site's export (fixture) becomes the expected content.
import { readFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Page } from "@playwright/test";
import { a11yCheck, db, DEMO_ADMIN, expect, expectRemoteScreen, fillLogin, setTheme, signInAsAdmin, test, createAccount } from "../fixtures";

const here = dirname(fileURLToPath(import.meta.url));
// The data tool's own example of an old site's export (its unit tests read the same file).
const OLD_SITE_FIXTURE = join(here, "..", "..", "remote-admin", "src", "data-tool", "old-site-export.json");
const CONTENT_NODES = ["site", "experience", "skills", "projects", "recommendations", "quotes", "films", "blog", "media"];
// What an import may write: the content and what is derived from it (the films' statistics, not exported).
const WRITTEN_NODES = [...CONTENT_NODES, "filmStats", "filmTallies"];

type Snapshot = Record<string, unknown>;

async function snapshot(): Promise<Snapshot> {
  const entries = await Promise.all(WRITTEN_NODES.map(async (node) => [node, await db.get(node)] as const));
  const saved: Snapshot = Object.fromEntries(entries);
  // The scheduler's run record (blog/scheduler) is rewritten every few seconds by the local
  // scheduler: not content, and never an import's doing.
  if (saved.blog && typeof saved.blog === "object") {
    const { scheduler: _run, ...blog } = saved.blog as Record<string, unknown>;
    saved.blog = blog;
  }
  return saved;
}

async function restore(saved: Snapshot): Promise<void> {
  for (const node of WRITTEN_NODES) {
    if (saved[node] === null) await db.remove(node);
    else await db.set(node, saved[node]);
  }
}

// Every test leaves the content as it found it (the stack is shared by all specs).
let before: Snapshot;
test.beforeEach(async () => {
  before = await snapshot();
});
test.afterEach(async () => {
  await restore(before);
});

async function openTool(page: Page) {
  await signInAsAdmin(page, "/create-realtime-data");
  return expectRemoteScreen(page, "remote_admin", "CreateRealtimeData");
}

async function chooseFile(page: Page, name: string, content: string | Buffer) {
  await page.getByLabel("JSON file").setInputFiles({ name, mimeType: "application/json", buffer: Buffer.from(content) });
}

test("a visitor is told admin sign-in is needed, and the login link brings them back", async ({ page }) => {
  await page.goto("/create-realtime-data");
  const slot = await expectRemoteScreen(page, "remote_admin", "CreateRealtimeData");
  await expect(slot.getByText("needs the administrator", { exact: false })).toBeVisible();
  await expect(slot.getByRole("button", { name: "Export all content" })).toHaveCount(0);
  await slot.getByRole("link", { name: "Sign in as admin" }).click();
  await expect(page).toHaveURL(/\/login\?redirect=(%2F|\/)create-realtime-data$/);
  await fillLogin(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await expect(page).toHaveURL("/create-realtime-data");
  await expect(page.getByRole("button", { name: "Export all content" })).toBeVisible();
});

test("a signed-in non-admin is told the account is not an administrator", async ({ page, request }) => {
  const { email, password } = await createAccount(request, "reader");
  await page.goto("/login?redirect=%2Fcreate-realtime-data");
  await fillLogin(page, email, password);
  await expect(page).toHaveURL("/create-realtime-data");
  const slot = await expectRemoteScreen(page, "remote_admin", "CreateRealtimeData");
  await expect(slot.getByText("which is not an administrator", { exact: false })).toContainText(email);
  await expect(slot.getByLabel("JSON file")).toHaveCount(0);
});

test("export, then import of the exported file, is a no-op", async ({ page }) => {
  await openTool(page);
  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export all content" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^portfolio-content-\d{4}-\d{2}-\d{2}\.json$/);
  const text = await readFile(await download.path(), "utf8");
  const exported = JSON.parse(text) as Record<string, unknown>;
  expect(Object.keys(exported).sort()).toEqual([...CONTENT_NODES].sort());
  await expect(page.getByText(/Downloaded portfolio-content-.*\.json with \d+ records\./)).toBeVisible();

  await chooseFile(page, download.suggestedFilename(), text);
  const counts = page.getByTestId("import-counts");
  await expect(counts).toContainText("0 to add");
  await expect(counts).toContainText("0 to change");
  await expect(counts).toContainText("0 to remove");
  await expect(counts).toContainText("0 invalid");
  await expect(counts).toContainText(/[1-9]\d* unchanged/);
  await expect(page.getByText("Nothing to import: the file matches the current content.")).toBeVisible();
  await expect(page.getByRole("button", { name: /^Import \d+ change/ })).toBeDisabled();
  expect(await snapshot()).toEqual(before);
});

test("an invalid import is refused with each record's reason and writes nothing", async ({ page }) => {
  await openTool(page);
  const bad = {
    skills: { good: { name: "Rust", category: "Languages", order: 5 }, bad1: { name: "", category: "Languages", order: 6 } },
    films: { f1: { title: "Heat", year: 1995, directors: ["Michael Mann"], minutes: 170, rating: 4.3, watchedOn: "2024-01-01" } },
    quotes: { "bad key!": { text: "Hi", author: "Me" } },
    gallery: {},
  };
  await chooseFile(page, "broken-content.json", JSON.stringify(bad));
  const table = page.getByRole("table");
  await expect(table).toBeVisible();
  const rows = table.locator("tbody tr");
  await expect(rows).toHaveText([
    /^gallery\s*Unknown node/,
    /^skills\/bad1\s*name: Name is required/,
    /^quotes\/bad key!\s*The key must hold only letters/,
    /^films\/f1\s*rating: Rating goes in half steps/,
  ]);
  await expect(page.getByText(/invalid records?, so nothing can be imported/)).toBeVisible();
  await expect(page.getByRole("button", { name: /^Import \d+ change/ })).toBeDisabled();
  await page.screenshot({ path: test.info().outputPath("data-tool-invalid.png"), fullPage: true });
  expect(await snapshot()).toEqual(before);

  // A file that is not JSON at all.
  await chooseFile(page, "notes.json", "{ this is not json");
  await expect(page.getByRole("alert").filter({ hasText: "notes.json: The file is not valid JSON" })).toBeVisible();
  expect(await snapshot()).toEqual(before);
});

test("importing the older site's export produces the expected content", async ({ page, browser }) => {
  await openTool(page);
  await chooseFile(page, "old-site-export.json", await readFile(OLD_SITE_FIXTURE));
  await expect(page.getByText("an export of the older site, converted", { exact: false })).toBeVisible();
  const counts = page.getByTestId("import-counts");
  await expect(counts).toContainText("0 invalid");
  await expect(page.getByText(/Spam Bot was hidden on the older site/)).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("data-tool-old-site-preview.png"), fullPage: true });

  await page.getByRole("button", { name: /^Import \d+ change/ }).click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toContainText("in one operation");
  await dialog.getByRole("button", { name: "Import", exact: true }).click();
  await expect(page.getByText(/Imported old-site-export\.json: \d+ added, \d+ changed, \d+ removed/)).toBeVisible();

  const about = (await db.get("site/about")) as Record<string, unknown>;
  expect(about.headline).toBe("Frontend engineer who likes quiet, fast interfaces");
  expect(about.bio).toContain("Hi, I am **Ana Kovač**");
  expect(await db.get("site/contact")).toEqual((before.site as Record<string, unknown> | null)?.contact ?? null);
  expect(await db.get("experience/-NkQe3x1WexpA1")).toMatchObject({ company: "Lumen Analytics", role: "Senior Frontend Engineer", start: "2021-03" });
  expect(Object.keys((await db.get("recommendations")) as object).sort()).toEqual(["-NkRec00001", "-NkRec00002"]);
  expect(await db.get("films/old-1")).toMatchObject({ title: "Arrival", rating: 4.5, minutes: 116 });
  // The films' statistics were recomputed from the imported films, in the same write.
  const films = Object.values((await db.get("films")) as Record<string, { minutes: number }>);
  expect(await db.get("filmStats")).toMatchObject({ count: films.length, minutes: films.reduce((s, f) => s + f.minutes, 0) });
  expect(await db.get("quotes/old-3")).toMatchObject({ author: "Edmund Hillary", work: "View from the Summit" });
  const post = (await db.get("blog/posts/moving-a-large-app-to-vue-3")) as Record<string, unknown>;
  expect(post).toMatchObject({ status: "published", title: "Moving a large app to Vue 3" });
  expect(String(post.body)).toContain("## Why we moved");
  expect(String(post.body)).not.toContain("alert(");
  const index = (await db.get("blog/index")) as Record<string, unknown>;
  expect(Object.keys(index)).toEqual(["moving-a-large-app-to-vue-3"]);
  expect(await db.get("blog/drafts/notes-on-accessible-forms")).toMatchObject({ status: "draft" });
  expect(await db.get("blog/posts/notes-on-accessible-forms")).toBeNull();

  // A visitor sees the imported post.
  const visitor = await browser.newContext();
  const other = await visitor.newPage();
  await other.goto("/blogs/moving-a-large-app-to-vue-3");
  await expect(other.getByRole("heading", { name: "Moving a large app to Vue 3" }).first()).toBeVisible();
  await visitor.close();
});

test("axe: the data tool with an import preview, in both themes", async ({ page }) => {
  await openTool(page);
  await chooseFile(page, "broken.json", JSON.stringify({ skills: { bad1: { name: "", category: "X", order: 1 } } }));
  await expect(page.getByRole("table")).toBeVisible();
  for (const theme of ["light", "dark"] as const) {
    await setTheme(page, theme);
    const result = await a11yCheck(page).include('[data-remote="remote_admin"][data-module="CreateRealtimeData"]').analyze();
    const serious = result.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
    expect(serious.map((v) => `${theme} ${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  }
  await page.screenshot({ path: test.info().outputPath("data-tool-dark.png"), fullPage: true });
  // 360 px wide: nothing of the screen sticks out sideways.
  await page.setViewportSize({ width: 360, height: 800 });
  const slot = page.locator('[data-remote="remote_admin"][data-module="CreateRealtimeData"]');
  expect(await slot.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(1);
  await page.screenshot({ path: test.info().outputPath("data-tool-360.png"), fullPage: true });
});

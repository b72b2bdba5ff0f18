// A remote whose server is down shows the fallback in its slot while the rest works (the page
// answers 503, not a cacheable 200); Retry renders it once it is back, without a page reload. And config.json can point a remote
// at a second build on another port without rebuilding the shell.
import { execFileSync } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { startStaticServer } from "dev-tools/static-server";
import { REMOTE_ORIGINS, expect, expectRemoteScreen, markNoReload, overrideRemoteUrl, remoteSlot, setRemoteRunning, test } from "../fixtures";

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), "..", "..");

test("with remote_home stopped its slot shows Retry, the rest works, and Retry recovers it", async ({ page }) => {
  await setRemoteRunning("remote_home", false);
  try {
    // The page cannot show its main content: 503 that no cache keeps, with the rest of the page.
    const response = await page.goto("/");
    expect(response?.status()).toBe(503);
    expect(response?.headers()["retry-after"]).toBeTruthy();
    expect(response?.headers()["cache-control"]).toBe("no-store");
    const slot = remoteSlot(page, "remote_home", "HomePage");
    await expect(slot.getByRole("button", { name: "Retry" })).toBeVisible();
    await expect(slot.getByText("This part of the page could not be loaded.")).toBeVisible();
    const noReload = await markNoReload(page);
    // Header, navigation and the other remotes keep working.
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Blog" }).click();
    await expectRemoteScreen(page, "remote_blog", "BlogListPage");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Home" }).click();
    await expect(slot.getByRole("button", { name: "Retry" })).toBeVisible();
    // Still down: Retry fails again into the fallback.
    await slot.getByRole("button", { name: "Retry" }).click();
    await expect(slot.getByRole("button", { name: "Retry" })).toBeVisible();
    await setRemoteRunning("remote_home", true);
    await slot.getByRole("button", { name: "Retry" }).click();
    await expectRemoteScreen(page, "remote_home", "HomePage");
    await noReload();
  } finally {
    await setRemoteRunning("remote_home", true);
  }
});

test("config.json pointing remote-blog at a second build on another port serves the page from it", async ({ page }) => {
  test.setTimeout(180_000);
  const outDir = await mkdtemp(join(tmpdir(), "remote-blog-second-"));
  let server: Awaited<ReturnType<typeof startStaticServer>> | null = null;
  let restore: (() => Promise<void>) | null = null;
  try {
    // A second, separate production build of the remote (the shell is not rebuilt).
    execFileSync(
      process.execPath,
      [join(repoRoot, "node_modules", "vite", "bin", "vite.js"), "build", "--outDir", outDir, "--emptyOutDir", "--logLevel", "error"],
      {
        cwd: join(repoRoot, "remote-blog"),
        stdio: "pipe",
      },
    );
    server = await startStaticServer({ root: outDir, port: 0, name: "remote-blog-second" });
    restore = await overrideRemoteUrl("remote_blog", `${server.url}/mf-manifest.json`);
    // The page carries the config it was rendered with; the renderer re-reads it every 2 s.
    await expect.poll(async () => (await (await page.request.get("/blogs/list")).text()).includes(server!.url), { timeout: 15_000 }).toBe(true);
    const fromSecond: string[] = [];
    const fromFirst: string[] = [];
    page.on("request", (r) => {
      if (r.url().startsWith(server!.url)) fromSecond.push(r.url());
      if (r.url().startsWith(REMOTE_ORIGINS.remote_blog)) fromFirst.push(r.url());
    });
    await page.goto("/blogs/list");
    await expectRemoteScreen(page, "remote_blog", "BlogListPage");
    expect(fromSecond.some((u) => u.endsWith("/mf-manifest.json"))).toBe(true);
    expect(fromSecond.some((u) => u.endsWith("/remoteEntry.js"))).toBe(true);
    expect(fromFirst).toEqual([]);
  } finally {
    await restore?.();
    await server?.close();
    await rm(outDir, { recursive: true, force: true });
  }
  // And back on the original build once config.json is restored.
  await expect.poll(async () => (await (await page.request.get("/blogs/list")).text()).includes(REMOTE_ORIGINS.remote_blog), { timeout: 15_000 }).toBe(true);
  await page.goto("/blogs/list");
  await expectRemoteScreen(page, "remote_blog", "BlogListPage");
});

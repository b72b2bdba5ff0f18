// Releasing one remote alone, as a team would: `npm run release` refuses a candidate the live
// site cannot run and changes nothing; a compatible one goes live in the server HTML within
// seconds with no shell or renderer file rebuilt; `npm run rollback` brings the previous release
// back; a build deployed by hand past the check is refused at run time by the renderer and the
// browser, with a 503 for its page and a notice for the owner.
import { readFile, rm, stat, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { startStaticServer } from "dev-tools/static-server";
import { REMOTE_LIST } from "federation-kit/remotes";
import {
  blogBuild,
  candidate,
  editBlogListText,
  expect,
  keepReleaseState,
  liveRelease,
  overrideRemoteUrl,
  releaseCommand,
  releasedId,
  repoRoot,
  signInAsAdmin,
  stackState,
  test,
} from "../fixtures";

async function editManifest(
  dir: string,
  change: (manifest: { shared: { name: string; requiredVersion: string }[]; contract: { sharedImports: Record<string, string[]> } }) => void,
) {
  const file = join(dir, "mf-manifest.json");
  const manifest = JSON.parse(await readFile(file, "utf8"));
  change(manifest);
  await writeFile(file, JSON.stringify(manifest));
}

const serverHtml = async (path: string) => {
  const { siteUrl } = await stackState();
  const response = await fetch(`${siteUrl}${path}`);
  return { status: response.status, retryAfter: response.headers.get("retry-after"), body: await response.text() };
};

test.describe.configure({ mode: "serial" });

test("every remote's build passes the release check against the current shell", async () => {
  test.setTimeout(180_000);
  for (const { dir } of REMOTE_LIST) {
    const { code, output } = await releaseCommand(["release", dir, "--dist", join(repoRoot, dir, "dist"), "--check-only"]);
    expect(output).toContain("every check passed");
    expect(code).toBe(0);
  }
});

test("a candidate that imports a name the live shell does not export is refused, and nothing changes", async () => {
  test.setTimeout(120_000);
  const { configFile } = await stackState();
  const configBefore = await readFile(configFile, "utf8");
  const liveBefore = await liveRelease("remote_blog");
  const contract = JSON.parse(await readFile(join(dirname(configFile), "host-contract.json"), "utf8"));
  const dir = await candidate((d) => editManifest(d, (m) => m.contract.sharedImports["shared-content"]!.push("usePostNeighbours")));
  try {
    const { code, output } = await releaseCommand(["release", "remote-blog", "--dist", dir]);
    expect(code).toBe(1);
    expect(output).toContain("Release of remote_blog refused; nothing was changed for visitors");
    expect(output).toContain(
      `imports usePostNeighbours from shared-content, which the site's shared-content ${contract.shared["shared-content"].version} does not export`,
    );
    expect(await readFile(configFile, "utf8")).toBe(configBefore);
    expect(await liveRelease("remote_blog")).toBe(liveBefore);
    const page = await serverHtml("/blogs/list");
    expect(page.status).toBe(200);
    expect(page.body).not.toContain("data-remote-fallback");
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test("a compatible release goes live in the server HTML within seconds, without rebuilding the shell or the renderer, and rolls back", async ({ page }) => {
  test.setTimeout(180_000);
  const { configFile } = await stackState();
  const untouched = [join(dirname(configFile), "app.html"), join(repoRoot, "renderer", "dist", "function.js")];
  const mtimes = await Promise.all(untouched.map(async (f) => (await stat(f)).mtimeMs));
  const dir = await candidate((d) => editBlogListText(d, "Filter by tag", "Filter posts by tag"));
  try {
    const released = await releaseCommand(["release", "remote-blog", "--dist", dir]);
    expect(released.output).toContain("live now");
    expect(released.code).toBe(0);
    await expect.poll(async () => (await serverHtml("/blogs/list")).body.includes("Filter posts by tag"), { timeout: 10_000 }).toBe(true);
    await page.goto("/blogs/list");
    await expect(page.getByRole("group", { name: "Filter posts by tag" })).toBeVisible();

    const listed = await releaseCommand(["releases", "remote-blog"]);
    expect(listed.output).toContain(`live    ${releasedId(released.output)}`);
    expect(listed.output).toMatch(/released .*, commit/);

    const rolledBack = await releaseCommand(["rollback", "remote-blog"]);
    expect(rolledBack.code).toBe(0);
    await expect.poll(async () => (await serverHtml("/blogs/list")).body.includes("Filter posts by tag"), { timeout: 10_000 }).toBe(false);
    expect((await serverHtml("/blogs/list")).body).toContain("Filter by tag");
    await page.goto("/blogs/list");
    await expect(page.getByRole("group", { name: "Filter by tag" })).toBeVisible();
    expect(await Promise.all(untouched.map(async (f) => (await stat(f)).mtimeMs))).toEqual(mtimes);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test("a second, different build under a released version is refused; the same build with a new version is released, and the list shows it", async () => {
  test.setTimeout(240_000);
  const restore = await keepReleaseState();
  // What `npm run version-remote` does to remote-blog's package shows in its build's contract.
  const [major, minor, patch] = (JSON.parse(await readFile(join(blogBuild, "mf-manifest.json"), "utf8")).contract.version as string).split(".").map(Number);
  const released = `${major}.${minor}.${patch! + 1}`;
  const bumped = `${major}.${minor}.${patch! + 2}`;
  const setVersion = (dir: string, version: string) =>
    editManifest(dir, (m) => ((m as unknown as { contract: { version: string } }).contract.version = version));
  const escaped = (version: string) => version.replaceAll(".", "\\.");
  const first = await candidate(async (d) => {
    await editBlogListText(d, "Filter by tag", "Filter the posts by tag");
    await setVersion(d, released);
  });
  const second = await candidate(async (d) => {
    await editBlogListText(d, "Filter by tag", "Pick a tag");
    await setVersion(d, released);
  });
  try {
    const published = await releaseCommand(["release", "remote-blog", "--dist", first]);
    expect(published.code, published.output).toBe(0);
    const liveBefore = await liveRelease("remote_blog");

    const refused = await releaseCommand(["release", "remote-blog", "--dist", second]);
    expect(refused.code).toBe(1);
    expect(refused.output).toContain("Release of remote_blog refused; nothing was changed for visitors");
    expect(refused.output).toMatch(new RegExp(`version ${escaped(released)} is already released as ${escaped(released)}-[0-9a-f]{10}, a different build`));
    expect(refused.output).toContain("npm run version-remote -- remote-blog patch");
    expect(await liveRelease("remote_blog")).toBe(liveBefore);

    await setVersion(second, bumped);
    const accepted = await releaseCommand(["release", "remote-blog", "--dist", second]);
    expect(accepted.code, accepted.output).toBe(0);
    expect(accepted.output).toContain(`(${bumped}), live now`);
    const listed = await releaseCommand(["releases", "remote-blog"]);
    expect(listed.output).toMatch(new RegExp(`live +${escaped(bumped)}-[0-9a-f]{10} \\(${escaped(bumped)}\\)`));
    expect(listed.output).toMatch(new RegExp(`rollback goes to ${escaped(released)}-[0-9a-f]{10} \\(${escaped(released)}\\)`));
    expect(listed.output.split("\n").length).toBeLessThanOrEqual(40);
  } finally {
    // Back to the release state the spec started with, whatever happened above.
    await restore();
    await rm(first, { recursive: true, force: true });
    await rm(second, { recursive: true, force: true });
  }
});

test("two release commands at once on one remote: one wins, the other is refused in words, and nothing is lost", async () => {
  test.setTimeout(240_000);
  const start = await liveRelease("remote_blog");
  const restore = await keepReleaseState();
  const version = (JSON.parse(await readFile(join(blogBuild, "mf-manifest.json"), "utf8")).contract.version as string).split(".").map(Number);
  const builds = await Promise.all(
    ["Pick a tag, first", "Pick a tag, second"].map((text, i) =>
      candidate(async (d) => {
        await editBlogListText(d, "Filter by tag", text);
        await editManifest(
          d,
          (m) => ((m as unknown as { contract: { version: string } }).contract.version = `${version[0]}.${version[1]}.${version[2]! + 10 + i}`),
        );
      }),
    ),
  );
  try {
    const results = await Promise.all(builds.map((dir) => releaseCommand(["release", "remote-blog", "--dist", dir, "--no-browser"])));
    const won = results.filter((r) => r.code === 0);
    const lost = results.filter((r) => r.code !== 0);
    expect(won, results.map((r) => r.output).join("\n---\n")).toHaveLength(1);
    expect(lost[0]!.output).toMatch(
      /remote_blog is being changed by .* \(a release, started \d+ s ago\); nothing was changed\. Run this again once it has finished\./,
    );
    // The winner is live and recorded; the refused one left no trace.
    const winner = releasedId(won[0]!.output);
    expect(await liveRelease("remote_blog")).toBe(winner);
    const listed = await releaseCommand(["releases", "remote-blog"]);
    expect(listed.output).toMatch(new RegExp(`released ${winner.replaceAll(".", "\\.")} \\(was ${start.replaceAll(".", "\\.")}\\)`));
    // The other goes through once the first has finished.
    const retried = await releaseCommand(["release", "remote-blog", "--dist", builds[results.indexOf(lost[0]!)]!, "--no-browser"]);
    expect(retried.code, retried.output).toBe(0);
  } finally {
    await restore();
    for (const dir of builds) await rm(dir, { recursive: true, force: true });
  }
});

test("a build deployed by hand past the check is refused at run time: 503 for its page, a notice in its place, and the owner is told why", async ({ page }) => {
  test.setTimeout(120_000);
  const dir = await candidate((d) =>
    editManifest(d, (m) => {
      for (const s of m.shared) if (s.name === "shared-content") s.requiredVersion = "^9.0.0";
    }),
  );
  const server = await startStaticServer({ root: dir, name: "hand-deployed remote-blog" });
  const restore = await overrideRemoteUrl("remote_blog", `${server.url}/mf-manifest.json`);
  try {
    await expect.poll(async () => (await serverHtml("/blogs/list")).status, { timeout: 15_000 }).toBe(503);
    const response = await serverHtml("/blogs/list");
    expect(response.retryAfter).not.toBeNull();
    expect(response.body).toContain("being updated and cannot be shown");
    expect(response.body).not.toContain("Check your connection");

    await page.goto("/list-of-seen-films");
    await expect(page.getByText("This part of the page is being updated and cannot be shown right now.")).toBeVisible();
    // The rest of the page works: the site's navigation is there.
    await expect(page.getByRole("navigation").first()).toBeVisible();

    await signInAsAdmin(page, "/admin-panel");
    const alert = page.getByRole("alert").filter({ hasText: "cannot be shown" });
    await expect(alert).toContainText("remote_blog");
    await expect(alert).toContainText("needs shared-content ^9.0.0");
    await expect(alert).toContainText("npm run rollback -- remote-blog");
  } finally {
    await restore();
    await server.close();
    await rm(dir, { recursive: true, force: true });
  }
  await expect.poll(async () => (await serverHtml("/blogs/list")).status, { timeout: 15_000 }).toBe(200);
});

test("an admin previews a candidate from a listed origin in their own tab only; an unlisted origin and a visitor are refused", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const { configFile, siteUrl } = await stackState();
  const previewOrigin = (JSON.parse(await readFile(configFile, "utf8")) as { previewOrigins: string[] }).previewOrigins[0]!;
  const dir = await candidate((d) => editBlogListText(d, "Filter by tag", "Filter previewed posts by tag"));
  const server = await startStaticServer({ root: dir, port: Number(new URL(previewOrigin).port), name: "remote-blog preview" });
  try {
    await signInAsAdmin(page, "/admin-panel/releases");
    await expect(page.getByRole("heading", { name: "Releases" })).toBeVisible();
    const url = page.getByLabel("Candidate manifest URL");
    await url.fill("https://evil.example/mf-manifest.json");
    await page.getByRole("button", { name: "Preview in this tab" }).click();
    await expect(page.getByRole("alert")).toContainText("https://evil.example is not one of this site's preview origins");

    await url.fill(`${previewOrigin}/mf-manifest.json`);
    await page.getByRole("button", { name: "Preview in this tab" }).click();
    await expect(page).toHaveURL(/\/blogs\/list$/);
    const banner = page.getByRole("region", { name: "Release preview" });
    await expect(banner).toContainText("remote_blog");
    await expect(banner).toContainText(`${previewOrigin}/mf-manifest.json`);
    await expect(page.getByRole("group", { name: "Filter previewed posts by tag" })).toBeVisible();
    // The server keeps rendering the live release.
    expect(await (await fetch(`${siteUrl}/blogs/list`)).text()).toContain("Filter by tag");

    // A visitor whose tab holds the same choice (planted) sees the live release, and the choice is dropped.
    const visitor = await browser.newContext();
    await visitor.addInitScript(
      ([key, value]) => sessionStorage.setItem(key!, value!),
      ["portfolio:release-preview", JSON.stringify({ remote: "remote_blog", manifestUrl: `${previewOrigin}/mf-manifest.json` })],
    );
    const visitorPage = await visitor.newPage();
    await visitorPage.goto(`${siteUrl}/blogs/list`);
    await expect(visitorPage.getByRole("group", { name: "Filter by tag" })).toBeVisible();
    await expect(visitorPage.getByRole("region", { name: "Release preview" })).toHaveCount(0);
    await visitor.close();

    await banner.getByRole("button", { name: "Back to the live release" }).click();
    await expect(page.getByRole("group", { name: "Filter by tag" })).toBeVisible();
    await expect(page.getByRole("region", { name: "Release preview" })).toHaveCount(0);
  } finally {
    await server.close();
    await rm(dir, { recursive: true, force: true });
  }
});

// Exactly one copy of each shared singleton is downloaded on a deep link to a remote's
// page, and a visitor on a public page downloads nothing from remote-admin.
// A visitor reads through the database's REST streaming API, so a public page
// downloads no Firebase SDK at all and opens no websocket; the admin loads the SDK once.
import type { Page, Response } from "@playwright/test";
import { REMOTE_ORIGINS, expect, expectRemoteScreen, signInAsAdmin, test, trackNetwork } from "../fixtures";

// A string found only in each package's implementation (not in Module Federation's proxies
// or export lists), so counting the downloaded JS files that contain it counts the copies.
const MARKERS: Record<string, string[]> = {
  react: ["React.Children.only expected to receive a single React element child."],
  "react-dom": ["Skipping view transition because viewport size changed."],
  "react-router": ["useRoutes() may be used only"],
  zustand: ["getInitialState:"], // the key in createStore's object literal, not a call
  firebase: ["call initializeApp() first", "FIREBASE WARNING"],
  "shared-auth": ["shared-auth: call initFirebase"],
};

function collectScripts(page: Page): Map<string, Promise<string>> {
  const bodies = new Map<string, Promise<string>>();
  page.on("response", (response: Response) => {
    const type = response.request().resourceType();
    if (type === "script" || response.url().endsWith(".js")) {
      bodies.set(
        response.url(),
        response.text().catch(() => ""),
      );
    }
  });
  return bodies;
}

async function copiesOf(bodies: Map<string, Promise<string>>): Promise<Record<string, Record<string, string[]>>> {
  const texts = await Promise.all([...bodies].map(async ([url, text]) => [url, await text] as const));
  const result: Record<string, Record<string, string[]>> = {};
  for (const [pkg, markers] of Object.entries(MARKERS)) {
    result[pkg] = {};
    for (const marker of markers) result[pkg][marker] = texts.filter(([, t]) => t.includes(marker)).map(([u]) => u);
  }
  return result;
}

const deepLinks = [
  { path: "/", remote: "remote_home", module: "HomePage" },
  { path: "/blogs/list", remote: "remote_blog", module: "BlogListPage" },
  { path: "/list-of-seen-films", remote: "remote_blog", module: "SeenFilmsPage" },
] as const;

for (const link of deepLinks) {
  test(`a deep link to ${link.path} downloads exactly one copy of each shared module and no Firebase SDK`, async ({ page }) => {
    const bodies = collectScripts(page);
    const network = trackNetwork(page);
    const sockets: string[] = [];
    page.on("websocket", (ws) => sockets.push(ws.url()));
    await page.goto(link.path);
    await expectRemoteScreen(page, link.remote, link.module);
    await network.settled();
    const copies = await copiesOf(bodies);
    for (const [pkg, byMarker] of Object.entries(copies)) {
      for (const [marker, urls] of Object.entries(byMarker)) {
        expect(urls, `${pkg} (${marker})`).toHaveLength(pkg === "firebase" ? 0 : 1);
      }
    }
    expect(sockets, "websockets opened by a visitor's page").toEqual([]);
    expect([...bodies.keys()].some((u) => u.startsWith(REMOTE_ORIGINS[link.remote]))).toBe(true);
  });
}

test("a deep link to an admin screen downloads exactly one copy of each shared module", async ({ page }) => {
  await signInAsAdmin(page);
  const bodies = collectScripts(page);
  const network = trackNetwork(page);
  await page.goto("/admin-panel/configure-skills?tab=2");
  await expectRemoteScreen(page, "remote_admin", "ConfigureSkills");
  await network.settled();
  const copies = await copiesOf(bodies);
  // The remotes consume the shared modules only (federation-kit/shared, remoteBuildSharedModules),
  // so remote-admin carries no fallback copy of shared-auth and its zustand store either.
  for (const [pkg, byMarker] of Object.entries(copies)) {
    for (const [marker, urls] of Object.entries(byMarker)) expect(urls, `${pkg} (${marker})`).toHaveLength(1);
  }
});

test("a visitor on every public page downloads nothing from remote-admin", async ({ page }) => {
  const fromAdmin: string[] = [];
  const network = trackNetwork(page);
  page.on("request", (r) => {
    if (r.url().startsWith(REMOTE_ORIGINS.remote_admin)) fromAdmin.push(r.url());
  });
  const pages = [
    { path: "/", remote: "remote_home", module: "HomePage" },
    { path: "/write-recommendation", remote: "remote_home", module: "WriteRecommendationPage" },
    { path: "/blogs/list", remote: "remote_blog", module: "BlogListPage" },
    { path: "/blogs/some-post-slug", remote: "remote_blog", module: "BlogPostPage" },
    { path: "/favorite-quotes", remote: "remote_blog", module: "FavoriteQuotesPage" },
    { path: "/list-of-seen-films", remote: "remote_blog", module: "SeenFilmsPage" },
  ] as const;
  for (const p of pages) {
    await page.goto(p.path);
    await expectRemoteScreen(page, p.remote, p.module);
    await network.settled();
  }
  await page.goto("/login");
  await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
  await page.goto("/no-such-page");
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  await network.settled();
  expect(fromAdmin).toEqual([]);
});

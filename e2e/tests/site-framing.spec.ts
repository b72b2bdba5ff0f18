// Clickjacking: no page of the site (least of all the signed-in admin panel) may be shown inside
// another site's frame. The renderer and firebase.json send frame-ancestors 'none' (with
// X-Frame-Options for older browsers), nosniff and a referrer policy; checked on rendered pages,
// the admin's template, feeds and static files, and by framing the site from another origin.
import { createServer, type Server } from "node:http";
import { REMOTE_ORIGINS, SITE_URL, expect, test } from "../fixtures";

const FRAME_HEADERS = {
  // Documents carry the whole policy (site-content-security.spec.ts), static files this part.
  "content-security-policy": expect.stringMatching(/(^|;\s*)frame-ancestors 'none'(;|$)/),
  "x-frame-options": "DENY",
};
const ALWAYS = {
  "x-content-type-options": "nosniff",
  "referrer-policy": "strict-origin-when-cross-origin",
};

test("pages, the admin panel, feeds and the shell's static files forbid framing; every site sends nosniff and a referrer policy", async ({ request }) => {
  for (const path of ["/", "/blogs/list", "/no/such/page", "/admin-panel", "/admin-panel/configure-about", "/feed.xml", "/favicon.svg", "/robots.txt"]) {
    const response = await request.get(path);
    expect(response.headers(), path).toMatchObject({ ...FRAME_HEADERS, ...ALWAYS });
  }
  const remoteEntry = await request.get(`${REMOTE_ORIGINS.remote_blog}/remoteEntry.js`);
  expect(remoteEntry.headers()).toMatchObject(ALWAYS);
});

test("another site cannot show the admin panel or the home page in a frame", async ({ page }) => {
  const server: Server = createServer((req, res) => {
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    if (req.url === "/own") return res.end('<p id="own">a page of the framing site itself</p>');
    res.end(`<!doctype html><title>Framing</title>
      <iframe title="framed admin" src="${SITE_URL}/admin-panel" width="400" height="300"></iframe>
      <iframe title="framed home" src="${SITE_URL}/" width="400" height="300"></iframe>
      <iframe title="own page" src="/own" width="400" height="100"></iframe>`);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  try {
    await page.goto(`http://127.0.0.1:${port}/`);
    // The control: a frame the browser may show renders.
    await expect(page.frameLocator('iframe[title="own page"]').locator("#own")).toBeVisible();
    // Blocked by frame-ancestors, each frame ends on the browser's error page, never the site.
    const siteFrames = () => page.frames().filter((f) => f !== page.mainFrame() && !f.url().endsWith("/own"));
    await expect.poll(() => siteFrames().map((f) => f.url()), { timeout: 15_000 }).toEqual(["chrome-error://chromewebdata/", "chrome-error://chromewebdata/"]);
    for (const title of ["framed admin", "framed home"]) {
      await expect(page.frameLocator(`iframe[title="${title}"]`).locator("#root")).toHaveCount(0);
    }
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
});

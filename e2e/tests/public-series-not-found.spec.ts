// A series address that names no series answers 404 with a page like every other 404: its own
// heading, rendered by the server and kept after hydration, and a way back to the posts.
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, expectRemoteScreen, test } from "../fixtures";

const SHOTS = join(dirname(fileURLToPath(import.meta.url)), "..", ".reports", "screenshots");

test("an unknown series answers 404 with an h1 saying so", async ({ page, request }) => {
  const path = `/blogs/series/no-such-series-${Date.now().toString(36)}`;
  const html = await request.get(path);
  expect(html.status()).toBe(404);
  expect(await html.text()).toMatch(/<h1[^>]*>Series not found<\/h1>/);

  const response = await page.goto(path);
  expect(response?.status()).toBe(404);
  await expectRemoteScreen(page, "remote_blog", "BlogSeriesPage");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Series not found");
  await expect(page.getByRole("link", { name: "← All posts" })).toBeVisible();
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 700 });
    await page.screenshot({ path: `${SHOTS}/series-not-found-${width}.png` });
  }
});

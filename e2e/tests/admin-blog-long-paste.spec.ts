// A very long paste into the post editor: the page stays responsive (the time the paste takes
// until the next frame is printed, not asserted), the limit is shown as you type, and a text
// longer than its field's limit is kept as typed and said to be too long, never cut silently.
import { expect, openAdminScreen, test } from "../fixtures";

// shared-content's LIMITS for a post (title = headline, summary, body).
const LIMITS = { headline: { max: 160 }, summary: { max: 400 }, postBody: { max: 100_000 } };

test("a 1.6 MB paste into the body, and an over-long title and summary", async ({ page }) => {
  test.setTimeout(120_000);
  await openAdminScreen(page, "write-blog?edit=new", "WriteBlog");

  const paragraph = "A paragraph of a very long post, with *emphasis*, a [link](https://example.com) and `code`.\n\n";
  const body = paragraph.repeat(Math.ceil(1_600_000 / paragraph.length));
  const bodyField = page.getByRole("textbox", { name: /^Body/ });
  const title = page.getByLabel("Title");
  const started = Date.now();
  // As a paste lands: the whole text in one input event (Playwright's fill types it in by parts).
  await bodyField.evaluate((element, text) => {
    const textarea = element as HTMLTextAreaElement;
    Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, "value")?.set?.call(textarea, text);
    textarea.dispatchEvent(new Event("input", { bubbles: true }));
  }, body);
  // Then a key typed at once elsewhere: how long until the page shows it.
  await title.press("R");
  await expect(title).toHaveValue("R", { timeout: 60_000 });
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
  console.log(`post editor: a ${(body.length / 1e6).toFixed(2)} MB paste and one key typed after it: ${Date.now() - started} ms until the page showed the key`);
  await expect(page.getByText(new RegExp(`over the limit`)).first()).toBeVisible();
  await expect(page.getByText(`of ${LIMITS.postBody.max.toLocaleString("en-GB")} characters`, { exact: false })).toBeVisible();

  const longTitle = "T".repeat(LIMITS.headline.max + 5);
  await page.getByLabel("Title").fill(longTitle);
  await expect(page.getByLabel("Title")).toHaveValue(longTitle);
  await expect(page.getByText(`${longTitle.length} of ${LIMITS.headline.max} characters: 5 over the limit`, { exact: false })).toBeVisible();
  const longSummary = "S".repeat(LIMITS.summary.max + 1);
  await page.getByRole("textbox", { name: /^Summary/ }).fill(longSummary);
  await expect(page.getByRole("textbox", { name: /^Summary/ })).toHaveValue(longSummary);
  await expect(page.getByText(`${longSummary.length} of ${LIMITS.summary.max} characters: 1 over the limit`, { exact: false })).toBeVisible();
});

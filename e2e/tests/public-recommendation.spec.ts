// /write-recommendation end to end: validation next to the fields, a submission lands under
// recommendationSubmissions keyed by the visitor's anonymous uid (not public), one pending
// submission per visitor, and no visitor can write to recommendations, read the submissions or
// flood the queue through the database's REST API.
import type { Page } from "@playwright/test";
import { NAMESPACE, db, expect, expectRemoteScreen, stackState, test } from "../fixtures";

type Rec = Record<string, unknown>;

/** A fresh anonymous account in the Auth emulator, as the form makes one. */
async function anonymousVisitor(): Promise<{ uid: string; idToken: string }> {
  const { authUrl } = await stackState();
  const res = await fetch(`${authUrl}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ returnSecureToken: true }),
  });
  const body = (await res.json()) as { localId: string; idToken: string };
  return { uid: body.localId, idToken: body.idToken };
}

const submission = (fullName: string) => ({
  fullName,
  role: "Tester",
  relationship: "Colleague",
  text: "Created through the REST API as an anonymous visitor.",
  createdAt: { ".sv": "timestamp" },
});

async function fillForm(slot: ReturnType<Page["locator"]>, name: string) {
  await slot.getByLabel("Your name").fill(name);
  await slot.getByLabel("Your role").fill("Engineering manager at Example");
  await slot.getByLabel("How we worked together").fill("Managed the team for two years");
  await slot.getByLabel("Recommendation").fill("Thoughtful, fast and kind. Made every project she touched better.");
  await slot.getByLabel("Link").fill("https://example.com/visitor");
}

async function openForm(page: Page) {
  await page.goto("/write-recommendation");
  return expectRemoteScreen(page, "remote_home", "WriteRecommendationPage");
}

/** The database REST API as a visitor: signed out, or with an anonymous ID token. */
async function asVisitor(method: string, path: string, value?: unknown, idToken?: string) {
  const { databaseUrl } = await stackState();
  return fetch(`${databaseUrl}/${path}.json?ns=${NAMESPACE}${idToken ? `&auth=${idToken}` : ""}`, {
    method,
    headers: { "Content-Type": "application/json" },
    body: value === undefined ? undefined : JSON.stringify(value),
  });
}

test.describe("write a recommendation", () => {
  test("messages next to each field, from the same limits as the rules", async ({ page }) => {
    const slot = await openForm(page);
    await slot.getByLabel("Link").fill("not-a-url");
    await slot.getByRole("button", { name: "Send recommendation" }).click();
    // Every problem at once: in a summary above the form, and each by its field.
    const summary = slot.getByRole("alert").filter({ hasText: "fields need attention" });
    await expect(summary.getByRole("link")).toHaveText([
      "Your name is required.",
      "Your role is required.",
      "How we worked together is required.",
      "Recommendation is required.",
      /link must start with https/i,
    ]);
    await expect(slot.locator("form p").getByText("Your name is required.")).toBeVisible();
    await expect(slot.locator("form p").getByText("Recommendation is required.")).toBeVisible();
    await expect(slot.locator("form p").getByText(/link must start with https/i)).toBeVisible();
    await expect(slot.getByLabel("Your name")).toBeFocused();
    await expect(slot.getByLabel("Your name")).toHaveAttribute("aria-invalid", "true");
    await slot.getByLabel("Recommendation").fill("Too short.");
    await slot.getByLabel("Recommendation").blur();
    await expect(slot.locator("form p").getByText(/Recommendation needs at least 20 characters/)).toBeVisible();
    // The honeypot is there but out of reach.
    await expect(slot.locator('input[name="website"]')).toHaveAttribute("tabindex", "-1");
    await expect(slot.locator('input[name="website"]')).not.toBeInViewport();
  });

  test("a submission awaits approval, is stored under recommendationSubmissions and is not public", async ({ page }) => {
    const name = `E2E Visitor ${Date.now()}`;
    const slot = await openForm(page);
    await fillForm(slot, name);
    await slot.getByRole("button", { name: "Send recommendation" }).click();
    await expect(slot.getByRole("status")).toContainText("awaits approval");

    let id: string | undefined;
    try {
      await expect
        .poll(async () => {
          const all = ((await db.get("recommendationSubmissions")) ?? {}) as Record<string, Rec>;
          id = Object.keys(all).find((k) => all[k]?.fullName === name);
          return id;
        })
        .toBeTruthy();
      const stored = (await db.get(`recommendationSubmissions/${id}`)) as Rec;
      expect(stored).toMatchObject({ fullName: name, role: "Engineering manager at Example", link: "https://example.com/visitor" });
      expect(typeof stored.createdAt).toBe("number");
      // Keyed by the visitor's anonymous uid, which the browser keeps.
      const visitor = await page.evaluate(() => JSON.parse(localStorage.getItem("portfolio:visitor") ?? "{}") as { uid?: string });
      expect(visitor.uid).toBe(id);
      // Not among the public recommendations, not on the home page.
      expect(JSON.stringify((await db.get("recommendations")) ?? {})).not.toContain(name);
      await page.goto("/");
      const home = await expectRemoteScreen(page, "remote_home", "HomePage");
      await expect(home.getByRole("region", { name: "Recommendations" }).getByRole("figure").first()).toBeVisible();
      await expect(home.getByText(name)).toHaveCount(0);
    } finally {
      if (id) await db.remove(`recommendationSubmissions/${id}`);
    }
  });

  test("the same visitor cannot send a second one soon after; they are told why and keep their text; another visitor can send", async ({ page, browser }) => {
    const slot = await openForm(page);
    await fillForm(slot, `First ${Date.now()}`);
    await slot.getByRole("button", { name: "Send recommendation" }).click();
    await expect(slot.getByRole("status")).toContainText("awaits approval");
    const uid = await page.evaluate(() => (JSON.parse(localStorage.getItem("portfolio:visitor") ?? "{}") as { uid: string }).uid);
    const again = await openForm(page);
    await fillForm(again, "Second try");
    // An expected refusal leaves nothing in the console (no refused request logged).
    const consoleErrors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") consoleErrors.push(message.text());
    });
    await again.getByRole("button", { name: "Send recommendation" }).click();
    await expect(again.getByRole("alert")).toContainText("You sent a recommendation a few minutes ago");
    expect(consoleErrors).toEqual([]);
    await expect(again.getByLabel("Your name")).toHaveValue("Second try");
    // Another browser is another visitor.
    const other = await browser.newContext();
    const otherPage = await other.newPage();
    try {
      const otherSlot = await openForm(otherPage);
      // Outside the fixture's page: wait for hydration before typing, as a person waits for the page to respond.
      await otherPage.locator("html[data-interactive]").waitFor({ state: "attached" });
      await fillForm(otherSlot, `Other ${Date.now()}`);
      await otherSlot.getByRole("button", { name: "Send recommendation" }).click();
      await expect(otherSlot.getByRole("status")).toContainText("awaits approval");
      const otherUid = await otherPage.evaluate(() => (JSON.parse(localStorage.getItem("portfolio:visitor") ?? "{}") as { uid: string }).uid);
      expect(otherUid).not.toBe(uid);
      await db.remove(`recommendationSubmissions/${otherUid}`);
    } finally {
      await other.close();
      await db.remove(`recommendationSubmissions/${uid}`);
    }
  });

  test("no visitor can publish a recommendation, read the submissions or flood the queue", async () => {
    const record = {
      fullName: "Self Promoter",
      role: "Visitor",
      relationship: "None",
      text: "I approve of myself wholeheartedly and without reservation.",
      links: [],
      date: "2024-01-01",
      order: 0,
      rev: 1,
      updatedAt: Date.now(),
    };
    const put = await asVisitor("PUT", "recommendations/e2e-self", record);
    expect(put.status).toBe(401);
    const post = await asVisitor("POST", "recommendations", record);
    expect(post.status).toBe(401);
    expect(await db.get("recommendations/e2e-self")).toBeNull();
    expect((await asVisitor("GET", "recommendationSubmissions")).status).toBe(401);
    // Signed out, nothing reaches the queue (the form signs in anonymously first).
    expect((await asVisitor("POST", "recommendationSubmissions", submission("Signed Out"))).status).toBe(401);
    // Signed in anonymously: only under one's own uid, together with the rate-limit marker.
    const visitor = await anonymousVisitor();
    expect((await asVisitor("POST", "recommendationSubmissions", submission("Push Id"), visitor.idToken)).status).toBe(401);
    const flood = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`flood${i}`, submission(`Flood ${i}`)]));
    expect((await asVisitor("PATCH", "recommendationSubmissions", flood, visitor.idToken)).status).toBe(401);
    const mine = {
      [`recommendationSubmissions/${visitor.uid}`]: submission("Rest Visitor"),
      [`recommendationSubmitters/${visitor.uid}`]: { ".sv": "timestamp" },
    };
    try {
      expect((await asVisitor("PATCH", "", mine, visitor.idToken)).status).toBe(200);
      // Never overwritten, and no second one.
      const overwrite = await asVisitor("PUT", `recommendationSubmissions/${visitor.uid}`, { ...submission("Changed") }, visitor.idToken);
      expect(overwrite.status).toBe(401);
      expect((await asVisitor("PATCH", "", mine, visitor.idToken)).status).toBe(401);
      expect(Object.keys(((await db.get("recommendationSubmissions")) ?? {}) as object).filter((k) => k.startsWith("flood"))).toEqual([]);
    } finally {
      await db.remove(`recommendationSubmissions/${visitor.uid}`);
    }
  });
});

// Issue 4, /write-recommendation end to end: validation next to the fields, a submission lands
// under recommendationSubmissions (not public), and the same visitor cannot write to
// recommendations (or read the submissions) through the database's REST API.
import type { Page } from "@playwright/test";
import { NAMESPACE, db, expect, expectRemoteScreen, stackState, test } from "../fixtures";

type Rec = Record<string, unknown>;

async function openForm(page: Page) {
  await page.goto("/write-recommendation");
  return expectRemoteScreen(page, "remote_home", "WriteRecommendationPage");
}

/** The database REST API without credentials: what an anonymous visitor may do. */
async function asVisitor(method: string, path: string, value?: unknown) {
  const { databaseUrl } = await stackState();
  return fetch(`${databaseUrl}/${path}.json?ns=${NAMESPACE}`, {
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
    await expect(slot.getByText("Your name is required.")).toBeVisible();
    await expect(slot.getByText("Recommendation is required.")).toBeVisible();
    await expect(slot.getByText(/link must start with https/i)).toBeVisible();
    await expect(slot.getByLabel("Your name")).toBeFocused();
    await expect(slot.getByLabel("Your name")).toHaveAttribute("aria-invalid", "true");
    await slot.getByLabel("Recommendation").fill("Too short.");
    await slot.getByLabel("Recommendation").blur();
    await expect(slot.getByText(/Recommendation needs at least 20 characters/)).toBeVisible();
    // The honeypot is there but out of reach.
    await expect(slot.locator('input[name="website"]')).toHaveAttribute("tabindex", "-1");
    await expect(slot.locator('input[name="website"]')).not.toBeInViewport();
  });

  test("a submission awaits approval, is stored under recommendationSubmissions and is not public", async ({ page }) => {
    const name = `E2E Visitor ${Date.now()}`;
    const slot = await openForm(page);
    await slot.getByLabel("Your name").fill(name);
    await slot.getByLabel("Your role").fill("Engineering manager at Example");
    await slot.getByLabel("How we worked together").fill("Managed the team for two years");
    await slot.getByLabel("Recommendation").fill("Thoughtful, fast and kind. Made every project she touched better.");
    await slot.getByLabel("Link").fill("https://example.com/visitor");
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

  test("the same visitor cannot publish a recommendation or read the submissions", async () => {
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
    // A submission may be created, but never overwritten by a visitor.
    const created = await asVisitor("POST", "recommendationSubmissions", {
      fullName: "Rest Visitor",
      role: "Tester",
      relationship: "Colleague",
      text: "Created through the REST API as an anonymous visitor.",
      createdAt: { ".sv": "timestamp" },
    });
    expect(created.status).toBe(200);
    const { name } = (await created.json()) as { name: string };
    try {
      const overwrite = await asVisitor("PUT", `recommendationSubmissions/${name}`, {
        fullName: "Changed",
        role: "Tester",
        relationship: "Colleague",
        text: "Overwriting an existing submission must be refused.",
        createdAt: { ".sv": "timestamp" },
      });
      expect(overwrite.status).toBe(401);
    } finally {
      await db.remove(`recommendationSubmissions/${name}`);
    }
  });
});

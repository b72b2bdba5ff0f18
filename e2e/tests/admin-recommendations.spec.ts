// Configure-recommendations: a pending submission is approved (one multi-path write
// moves it to the published list) and appears on the open home page without reload; another
// is rejected (deleted) and is gone.
import { db, expect, expectRemoteScreen, keepContent, markNoReload, openAdminScreen, test } from "../fixtures";

keepContent("recommendationSubmissions", "recommendations");

test("approve one submission and reject another", async ({ page, browser }) => {
  const stamp = Date.now().toString(36);
  const approveName = `Ada Approved ${stamp}`;
  const rejectName = `Rex Rejected ${stamp}`;
  const submission = (fullName: string) => ({
    fullName,
    role: "Engineering lead",
    relationship: "Worked together on the platform",
    text: `${fullName} says: Maya made our releases boring in the best possible way.`,
    createdAt: Date.now(),
  });
  const { name: approveId } = await db.push("recommendationSubmissions", submission(approveName));
  const { name: rejectId } = await db.push("recommendationSubmissions", { ...submission(rejectName), link: "https://example.com/rex" });

  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto("/");
  await expectRemoteScreen(visitor, "remote_home", "HomePage");
  const noReload = await markNoReload(visitor);
  await expect(visitor.getByText(approveName)).toHaveCount(0);

  await openAdminScreen(page, "configure-recommendations", "ConfigureRecommendations");
  const queue = page.getByRole("list", { name: "Pending submissions" });
  await expect(queue.getByRole("article", { name: `Submission by ${approveName}` })).toBeVisible();

  await page.getByRole("button", { name: `Approve the recommendation by ${approveName}` }).click();
  await expect(page.getByText(`Approved the recommendation by ${approveName}`)).toBeVisible();
  await expect(queue.getByRole("article", { name: `Submission by ${approveName}` })).toHaveCount(0);
  expect(await db.get(`recommendationSubmissions/${approveId}`)).toBeNull();
  const published = Object.values((await db.get("recommendations")) as Record<string, { fullName: string }>);
  expect(published.filter((r) => r.fullName === approveName)).toHaveLength(1);
  await expect(page.getByRole("list", { name: "recommendations" }).getByText(approveName, { exact: true })).toBeVisible();
  await expect(visitor.getByText(approveName, { exact: true }).first()).toBeVisible();

  await page.getByRole("button", { name: `Reject the recommendation by ${rejectName}` }).click();
  const dialog = page.getByRole("alertdialog", { name: "Reject this submission?" });
  await expect(dialog).toContainText(rejectName);
  await dialog.getByRole("button", { name: "Reject and delete" }).click();
  await expect(page.getByText(`Rejected the submission by ${rejectName}.`)).toBeVisible();
  await expect(queue.getByRole("article", { name: `Submission by ${rejectName}` })).toHaveCount(0);
  expect(await db.get(`recommendationSubmissions/${rejectId}`)).toBeNull();
  const after = Object.values((await db.get("recommendations")) as Record<string, { fullName: string }>);
  expect(after.filter((r) => r.fullName === rejectName)).toHaveLength(0);
  await expect(visitor.getByText(rejectName)).toHaveCount(0);
  await noReload();
  await visitorContext.close();
});

test("a flood of submissions is rejected in one step, after confirming", async ({ page }) => {
  const stamp = Date.now().toString(36);
  const names = Array.from({ length: 3 }, (_, i) => `Flood ${i} ${stamp}`);
  const ids: string[] = [];
  for (const fullName of names) {
    const { name } = await db.push("recommendationSubmissions", {
      fullName,
      role: "Bot",
      relationship: "None at all",
      text: `${fullName}: buy cheap followers now, limited offer!`,
      createdAt: Date.now(),
    });
    ids.push(name);
  }
  await openAdminScreen(page, "configure-recommendations", "ConfigureRecommendations");
  const pending = Object.keys(((await db.get("recommendationSubmissions")) ?? {}) as object).length;
  await page.getByRole("checkbox", { name: `Select all (${pending})` }).check();
  await page.getByRole("checkbox", { name: `Select the submission by ${names[0]}` }).uncheck();
  await page.getByRole("button", { name: `Reject selected (${pending - 1})` }).click();
  const dialog = page.getByRole("alertdialog", { name: `Reject ${pending - 1} submissions?` });
  await dialog.getByRole("button", { name: "Reject and delete" }).click();
  await expect(page.getByText(`Rejected ${pending - 1} submissions.`)).toBeVisible();
  const left = ((await db.get("recommendationSubmissions")) ?? {}) as Record<string, unknown>;
  expect(Object.keys(left)).toEqual([ids[0]]);
  await expect(page.getByRole("list", { name: "Pending submissions" }).getByRole("article")).toHaveCount(1);
});

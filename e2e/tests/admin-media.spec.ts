// Pictures, end to end on the local stack (the real Storage SDK against storage-emulator): the
// owner uploads a phone photo (EXIF orientation 6 and a GPS position) as a post's cover and gets
// upright variants with no metadata, the post saves with the ImageRef; bad files are refused in
// words before anything is sent; a visitor's own SDK upload is denied; an image pasted into the
// body appears in the published post; the media library shows where a picture is used, refuses
// to delete it, and deletes an unused one after confirming.
import { createHash } from "node:crypto";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { deleteApp, initializeApp, type FirebaseApp } from "firebase/app";
import { connectAuthEmulator, getAuth, signInWithEmailAndPassword } from "firebase/auth";
import { connectStorageEmulator, getStorage, ref, uploadBytes } from "firebase/storage";
import type { Page } from "@playwright/test";
import { hasMetadata, imageSize, withExif } from "dev-tools/test-images";
import {
  createAccount,
  db,
  DEMO_ADMIN,
  expect,
  expectNoSeriousA11yViolations,
  expectRemoteScreen,
  keepContent,
  objectUrl,
  openAdminScreen,
  signInAsAdmin,
  stackState,
  stackStorage,
  test,
} from "../fixtures";

keepContent("blog", "media");

const SHOTS = join(dirname(fileURLToPath(import.meta.url)), "..", ".reports", "screenshots");

/** A JPEG encoded by Chromium: `width` x `height`, the top half `top`, the bottom half `bottom`. */
async function encodeInBrowser(page: Page, width: number, height: number, top: string, bottom: string, type = "image/jpeg"): Promise<Buffer> {
  const base64 = await page.evaluate(
    async ([w, h, t, b, mime]) => {
      const canvas = new OffscreenCanvas(w as number, h as number);
      const ctx = canvas.getContext("2d")!;
      ctx.fillStyle = t as string;
      ctx.fillRect(0, 0, w as number, (h as number) / 2);
      ctx.fillStyle = b as string;
      ctx.fillRect(0, (h as number) / 2, w as number, (h as number) / 2);
      const bytes = new Uint8Array(await (await canvas.convertToBlob({ type: mime as string, quality: 0.9 })).arrayBuffer());
      let binary = "";
      for (const byte of bytes) binary += String.fromCharCode(byte);
      return btoa(binary);
    },
    [width, height, top, bottom, type],
  );
  return Buffer.from(base64, "base64");
}

const idOf = (bytes: Buffer, size: string) => `${createHash("sha256").update(bytes).digest("hex").slice(0, 16)}-${size}`;

/** A stored object's download address on the stack's Storage server. */
const storedUrl = async (path: string) => objectUrl(await stackStorage(), path);

async function newPost(page: Page, title: string) {
  await openAdminScreen(page, "write-blog", "WriteBlog");
  await page.getByRole("button", { name: "New post" }).click();
  await page.getByLabel("Title").fill(title);
  await page.getByRole("textbox", { name: /^Summary/ }).fill("A post with pictures.");
}

test("a phone photo as a post's cover: refused bad files first, then upright variants with no EXIF, and the post saves with the ImageRef", async ({ page }) => {
  const stamp = Date.now().toString(36);
  const title = `Harbour pictures ${stamp}`;
  await newPost(page, title);
  await page.getByLabel("Body (markdown)").fill("Pictures of the harbour.");
  const upload = page.getByLabel("Upload cover image");

  // Bad files are refused in words, before anything is sent.
  const sent: string[] = [];
  page.on("request", (r) => r.url().includes("/v0/b/") && r.method() !== "GET" && sent.push(r.url()));
  await upload.setInputFiles({ name: "notes.jpg", mimeType: "image/jpeg", buffer: Buffer.from("These are my notes, not a photo.") });
  await expect(page.getByRole("alert").filter({ hasText: "“notes.jpg” is not a picture the site can use" })).toContainText("JPEG, PNG, WebP, AVIF or GIF");
  const header = await encodeInBrowser(page, 64, 64, "#000", "#fff");
  await upload.setInputFiles({ name: "huge.jpg", mimeType: "image/jpeg", buffer: Buffer.concat([header, Buffer.alloc(26 * 1024 * 1024)]) });
  await expect(page.getByRole("alert").filter({ hasText: "“huge.jpg” is 26.0 MB" })).toContainText("the largest picture you can upload is 25 MB");
  const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>';
  await upload.setInputFiles({ name: "logo.svg", mimeType: "image/svg+xml", buffer: Buffer.from(svg) });
  await expect(page.getByRole("alert").filter({ hasText: "“logo.svg” is an SVG drawing" })).toContainText("can carry scripts");
  expect(sent).toEqual([]);

  // A photo taken sideways: stored 1200 x 800 (red on top) with orientation 6 (shown rotated a
  // quarter turn clockwise: 800 x 1200, red on the right) and where it was taken.
  const photo = withExif(await encodeInBrowser(page, 1200, 800, "#e00", "#00e"), { orientation: 6, latitude: 57.7089, longitude: 11.9746 });
  expect(hasMetadata(photo)).toBe(true);
  const id = idOf(photo, "800x1200");
  await upload.setInputFiles({ name: "IMG_0042.jpg", mimeType: "image/jpeg", buffer: photo });
  const alt = page.getByLabel("Alt text for the cover image");
  await expect(alt).toBeVisible();
  // Alt text is required before anything is sent.
  await page.getByRole("button", { name: "Upload “IMG_0042.jpg”" }).click();
  await expect(page.getByText("Describe the cover image in the alt text")).toBeVisible();
  expect(sent).toEqual([]);
  await alt.fill("The harbour at dusk, boats along the quay");
  // The focal point, by keyboard.
  const across = page.getByLabel(/^Across/);
  await across.focus();
  for (let i = 0; i < 5; i++) await page.keyboard.press("ArrowRight");
  await expect(page.getByText("Across: 55%")).toBeVisible();
  const control = page.getByLabel("Upload cover image").locator("xpath=ancestor::div[2]");
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await control.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/media-upload-control-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
  await expectNoSeriousA11yViolations(page, { include: "main" });
  await page.getByRole("button", { name: "Upload “IMG_0042.jpg”" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Uploaded: “IMG_0042.jpg”" })).toBeVisible({ timeout: 30_000 });

  // The field holds the share JPEG's URL (800 px: the largest up to 1280), set only now.
  const coverUrl = await page.getByLabel("Cover image URL").inputValue();
  expect(coverUrl).toBe(await storedUrl(`media/${id}/800.jpg`));

  // Every variant: upright, its size, no EXIF, immutable.
  for (const [w, h] of [
    [320, 480],
    [640, 960],
    [800, 1200],
  ]) {
    for (const ext of ["webp", "jpg"]) {
      const res = await fetch(await storedUrl(`media/${id}/${w}.${ext}`));
      expect(res.status, `${w}.${ext}`).toBe(200);
      expect(res.headers.get("content-type")).toBe(ext === "webp" ? "image/webp" : "image/jpeg");
      expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      const bytes = Buffer.from(await res.arrayBuffer());
      expect(imageSize(bytes)).toEqual({ width: w, height: h });
      expect(hasMetadata(bytes)).toBe(false);
      expect(bytes.includes(Buffer.from("Exif\0\0"))).toBe(false);
    }
  }
  // Upright: red (the stored top) is on the right of the largest variant.
  const colours = await page.evaluate(async (url) => {
    const bitmap = await createImageBitmap(await (await fetch(url)).blob());
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const ctx = canvas.getContext("2d")!;
    ctx.drawImage(bitmap, 0, 0);
    const at = (x: number) => Array.from(ctx.getImageData(Math.round(x * bitmap.width), Math.round(bitmap.height / 2), 1, 1).data.slice(0, 3));
    return { left: at(0.1), right: at(0.9) };
  }, coverUrl);
  expect(colours.right[0]).toBeGreaterThan(180);
  expect(colours.left[2]).toBeGreaterThan(180);

  // The record was written after the variants, and the post saves with the ImageRef.
  const record = (await db.get(`media/${id}`)) as { alt: string; name: string; variants: Record<string, { webp: number; jpeg: number }>; placeholder: string };
  expect(record).toMatchObject({ alt: "The harbour at dusk, boats along the quay", name: "IMG_0042.jpg", focus: { x: 55, y: 50 } });
  expect(Object.keys(record.variants).sort()).toEqual(["320", "640", "800"]);
  expect(record.placeholder.length).toBeLessThanOrEqual(2000);
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
  const slug = `harbour-pictures-${stamp}`;
  const draft = (await db.get(`blog/drafts/${slug}`)) as { coverUrl: string; coverImage: Record<string, unknown> };
  expect(draft.coverUrl).toBe(coverUrl);
  expect(draft.coverImage).toEqual({ id, alt: "The harbour at dusk, boats along the quay", placeholder: record.placeholder, focus: { x: 55, y: 50 } });

  // The same file again reuses the picture: same id, nothing uploaded.
  sent.length = 0;
  await upload.setInputFiles({ name: "IMG_0042 copy.jpg", mimeType: "image/jpeg", buffer: photo });
  await page.getByLabel("Alt text for the cover image").fill("The harbour again");
  await page.getByRole("button", { name: "Upload “IMG_0042 copy.jpg”" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Already in the library" })).toBeVisible();
  expect(sent).toEqual([]);
  await expect(page.getByLabel("Cover image URL")).toHaveValue(coverUrl);
});

test("a visitor's own SDK upload is denied, signed out or signed in without the admin claim", async ({ request }) => {
  const stranger = await createAccount(request, "uploader");
  const { authUrl } = await stackState();
  const s = await stackStorage();
  const app: FirebaseApp = initializeApp(
    { apiKey: "demo-api-key", projectId: "demo-portfolio", appId: "demo-app", storageBucket: s.bucket },
    `uploader-${Date.now()}`,
  );
  try {
    const storage = getStorage(app);
    connectStorageEmulator(storage, s.host, s.port);
    const path = "media/0123456789abcdef-640x480/320.webp";
    const bytes = new Uint8Array([0x52, 0x49, 0x46, 0x46]);
    await expect(uploadBytes(ref(storage, path), bytes, { contentType: "image/webp" })).rejects.toMatchObject({ code: "storage/unauthorized" });
    const auth = getAuth(app);
    connectAuthEmulator(auth, authUrl, { disableWarnings: true });
    await signInWithEmailAndPassword(auth, stranger.email, stranger.password);
    await expect(uploadBytes(ref(storage, path), bytes, { contentType: "image/webp" })).rejects.toMatchObject({ code: "storage/unauthorized" });
    expect((await fetch(await storedUrl(path))).status).toBe(404);
  } finally {
    await deleteApp(app);
  }
});

test("an image pasted into the body is uploaded and appears in the published post", async ({ page }) => {
  const stamp = Date.now().toString(36);
  const title = `Pasted picture ${stamp}`;
  await newPost(page, title);
  const body = page.getByLabel("Body (markdown)");
  await body.fill("Before the picture.\n\nAfter the picture.");
  const png = await encodeInBrowser(page, 700, 400, "#0a0", "#ff0", "image/png");
  const id = idOf(png, "700x400");
  // Paste at the end of the first paragraph.
  await body.evaluate((el, base64) => {
    const textarea = el as HTMLTextAreaElement;
    textarea.focus();
    textarea.setSelectionRange(19, 19);
    const data = new DataTransfer();
    data.items.add(new File([Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))], "pasted.png", { type: "image/png" }));
    textarea.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
  }, png.toString("base64"));
  await page.getByLabel("Alt text for the inserted image").fill("A green field under a yellow sky");
  await page.getByRole("button", { name: "Insert “pasted.png”" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Inserted “pasted.png” into the body." })).toBeVisible({ timeout: 30_000 });
  const url = await storedUrl(`media/${id}/700.jpg`);
  await expect(body).toHaveValue(`Before the picture.\n\n![A green field under a yellow sky](${url})\n\nAfter the picture.`);
  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Published." })).toBeVisible();

  const visitor = await page.context().browser()!.newPage();
  await visitor.goto(`/blogs/pasted-picture-${stamp}`);
  const img = visitor.getByRole("img", { name: "A green field under a yellow sky" });
  await expect(img).toBeVisible();
  expect(await img.evaluate((el) => (el as HTMLImageElement).currentSrc)).toContain(encodeURIComponent(`media/${id}/`));
  expect(await img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
  await visitor.close();
});

/** Stores a picture as the admin's SDK would (the demo admin has the admin claim): two variants, then its record. */
async function seedPicture(id: string, name: string, alt: string, png: Buffer) {
  const { authUrl } = await stackState();
  const s = await stackStorage();
  const app = initializeApp({ apiKey: "demo-api-key", projectId: "demo-portfolio", appId: "demo-app", storageBucket: s.bucket }, `seed-${Date.now()}`);
  try {
    const auth = getAuth(app);
    connectAuthEmulator(auth, authUrl, { disableWarnings: true });
    await signInWithEmailAndPassword(auth, DEMO_ADMIN.email, DEMO_ADMIN.password);
    const storage = getStorage(app);
    connectStorageEmulator(storage, s.host, s.port);
    // Not real WebP/JPEG encodings of the picture: the library only lists and deletes them.
    for (const ext of ["webp", "jpg"]) {
      await uploadBytes(ref(storage, `media/${id}/320.${ext}`), png, {
        contentType: ext === "webp" ? "image/webp" : "image/jpeg",
        cacheControl: "public, max-age=31536000, immutable",
      });
    }
  } finally {
    await deleteApp(app);
  }
  await db.set(`media/${id}`, { alt, name, variants: { "320": { webp: png.length, jpeg: png.length } }, createdAt: Date.now(), rev: 1, updatedAt: Date.now() });
}

test("the media library shows where a picture is used, refuses to delete it, and deletes an unused one after confirming", async ({ page }) => {
  await signInAsAdmin(page, "/admin-panel/write-blog");
  const stamp = Date.now().toString(16).padStart(12, "0").slice(-12);
  const used = `aaaa${stamp}-320x240`;
  const unused = `bbbb${stamp}-320x240`;
  const png = await encodeInBrowser(page, 320, 240, "#345", "#cba", "image/png");
  await seedPicture(used, `lighthouse-${stamp}.png`, "A lighthouse on a rock", png);
  await seedPicture(unused, `spare-${stamp}.png`, "A spare picture", png);
  const share = await storedUrl(`media/${used}/320.jpg`);
  const slug = `library-${stamp}`;
  await db.set(`blog/drafts/${slug}`, {
    title: "Lighthouses",
    summary: "Where the light is.",
    body: `Look: ![A lighthouse](${share})`,
    coverUrl: share,
    coverImage: { id: used, alt: "A lighthouse on a rock" },
    tags: ["light"],
    status: "draft",
    readingMinutes: 1,
    createdAt: Date.now(),
    rev: 1,
    updatedAt: Date.now(),
  });

  await page.goto("/admin-panel/media");
  await expectRemoteScreen(page, "remote_admin", "MediaLibrary");
  await page.getByLabel("Search pictures").fill(stamp);
  const usedCard = page.getByRole("listitem", { name: `lighthouse-${stamp}.png` });
  await expect(usedCard.getByRole("list", { name: `Where lighthouse-${stamp}.png is used` })).toContainText("Draft “Lighthouses” (in the text, cover)");
  await expect(page.getByRole("listitem", { name: `spare-${stamp}.png` })).toContainText("Not used anywhere.");
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/media-library-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await expectNoSeriousA11yViolations(page, { include: "main" });

  // A used picture: refused, naming the use; nothing deleted.
  await usedCard.getByRole("button", { name: `Delete “lighthouse-${stamp}.png”` }).click();
  await expect(usedCard.getByRole("alert")).toContainText("cannot be deleted: it is used by draft “Lighthouses”");
  expect(await db.get(`media/${used}`)).not.toBeNull();
  expect((await fetch(await storedUrl(`media/${used}/320.webp`))).status).toBe(200);

  // Alt text edited in the library: the draft's ImageRef and its markdown follow, in one update.
  await usedCard.getByRole("button", { name: /^Edit alt text/ }).click();
  await usedCard.getByLabel(`Alt text for “lighthouse-${stamp}.png”`).fill("The lighthouse at Vinga");
  await usedCard.getByRole("button", { name: "Save alt text" }).click();
  await expect(usedCard.getByRole("status")).toContainText("updated in draft “Lighthouses”");
  const draft = (await db.get(`blog/drafts/${slug}`)) as { coverImage: { alt: string }; body: string; rev: number };
  expect(draft.coverImage.alt).toBe("The lighthouse at Vinga");
  expect(draft.body).toBe(`Look: ![The lighthouse at Vinga](${share})`);
  expect(draft.rev).toBe(2);

  // Replace in place: the new file is stored, the draft's URL (cover and body) and ImageRef point
  // at it in one update (alt text kept), and the old picture, now unused, goes.
  const replacement = await encodeInBrowser(page, 480, 360, "#603", "#fd0", "image/png");
  const newId = idOf(replacement, "480x360");
  await usedCard
    .getByLabel(`Replace “lighthouse-${stamp}.png” with another file`)
    .setInputFiles({ name: `lighthouse-new-${stamp}.png`, mimeType: "image/png", buffer: replacement });
  await usedCard.getByRole("button", { name: `Replace with “lighthouse-new-${stamp}.png”` }).click();
  const newCard = page.getByRole("listitem", { name: `lighthouse-new-${stamp}.png` });
  await expect(newCard.getByRole("list", { name: `Where lighthouse-new-${stamp}.png is used` })).toContainText("Draft “Lighthouses”", { timeout: 30_000 });
  await expect(usedCard).toHaveCount(0);
  const newShare = await storedUrl(`media/${newId}/480.jpg`);
  const replaced = (await db.get(`blog/drafts/${slug}`)) as { coverUrl: string; coverImage: { id: string; alt: string }; body: string };
  expect(replaced.coverUrl).toBe(newShare);
  expect(replaced.coverImage).toMatchObject({ id: newId, alt: "The lighthouse at Vinga" });
  expect(replaced.body).toBe(`Look: ![The lighthouse at Vinga](${newShare})`);
  expect(await db.get(`media/${used}`)).toBeNull();

  // An unused picture: deleted after confirming, files and record.
  const spare = page.getByRole("listitem", { name: `spare-${stamp}.png` });
  await spare.getByRole("button", { name: `Delete “spare-${stamp}.png”` }).click();
  const dialog = page.getByRole("alertdialog", { name: "Delete picture" });
  await expect(dialog).toContainText(`Delete “spare-${stamp}.png”`);
  await dialog.getByRole("button", { name: "Delete picture" }).click();
  await expect(spare).toHaveCount(0);
  expect(await db.get(`media/${unused}`)).toBeNull();
  expect((await fetch(await storedUrl(`media/${unused}/320.webp`))).status).toBe(404);
});

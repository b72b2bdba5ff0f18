// The `shared-content/mail` entry: what the renderer's subscriptions and mail job need, without
// the server entry's rendering code (markdown, CSS modules), so the mail job loads in plain Node.
export * from "./subscriptions";
export { BlogPostSchema, validate } from "./schemas";
export { decodeOne } from "./decode";
export { draftPath, postPath } from "./paths";
export { mediaStorageOf, shareImage, type MediaStorage } from "./media";

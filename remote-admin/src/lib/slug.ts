import { postUrl, slugify } from "shared-content/admin";

export { slugify };

/** A slug is lower-case letters and digits in words joined by single dashes. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Why `slug` cannot be used, or null. `taken` holds the slugs of the other posts. */
export function slugProblem(slug: string, taken: ReadonlySet<string>): string | null {
  if (!slug) return "Enter a slug (it becomes the post's address).";
  if (!SLUG_PATTERN.test(slug)) return "Use lower-case letters, digits and single dashes only, e.g. my-first-post.";
  if (taken.has(slug)) return `Another post already uses the address ${postUrl(slug)}. Choose a different slug.`;
  return null;
}

/**
 * The slug follows the title until the author edits the slug by hand. `followsTitle` is true
 * for a new post whose slug was never edited (or whose slug still equals the title's slug).
 */
export function nextSlug(title: string, currentSlug: string, followsTitle: boolean): string {
  return followsTitle ? slugify(title) : currentSlug;
}

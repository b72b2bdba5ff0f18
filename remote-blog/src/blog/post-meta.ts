import { postUrl, type PageMeta } from "shared-content";
import type { Post } from "../ui/types";

/**
 * A post's page metadata: an article with its dates, cover and BlogPosting data (its author is
 * the site's owner, `author`); a slug with no published post answers 404. `undefined`: still loading.
 */
export function postMeta(post: Post | null | undefined, slug: string, author: string): PageMeta | null {
  if (post === undefined) return null;
  if (post === null) return { title: "Post not found", description: "This post does not exist or is not published.", status: 404 };
  const published = post.publishedAt ?? post.createdAt;
  const url = postUrl(slug);
  return {
    title: post.title,
    description: post.summary,
    type: "article",
    image: post.coverUrl ?? null,
    publishedTime: published,
    modifiedTime: post.updatedAt,
    jsonLd: {
      "@context": "https://schema.org",
      "@type": "BlogPosting",
      headline: post.title,
      description: post.summary,
      datePublished: new Date(published).toISOString(),
      dateModified: new Date(post.updatedAt).toISOString(),
      url,
      mainEntityOfPage: url,
      author: { "@type": "Person", name: author, url: "/" },
      ...(post.coverUrl ? { image: post.coverUrl } : {}),
      ...(post.tags.length > 0 ? { keywords: post.tags.join(", ") } : {}),
    },
  };
}

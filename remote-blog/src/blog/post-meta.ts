import { postUrl, previewImageOf, type MediaStorage, type PageMeta } from "shared-content";
import type { Post } from "../ui/types";

/**
 * A post's page metadata: an article with its dates, cover and BlogPosting data (its author is
 * the site's owner, `author`); a slug with no published post answers 404. `undefined`: still loading.
 * An uploaded cover previews as its share JPEG with its size (the renderer then gives the
 * BlogPosting an ImageObject); one typed by hand as it is.
 */
export function postMeta(post: Post | null | undefined, slug: string, author: string, media: MediaStorage | null = null): PageMeta | null {
  if (post === undefined) return null;
  if (post === null) return { title: "Post not found", description: "This post does not exist or is not published.", status: 404 };
  const published = post.publishedAt ?? post.createdAt;
  const url = postUrl(slug);
  const image = previewImageOf(media, post.coverUrl, post.coverImage);
  return {
    title: post.title,
    description: post.summary,
    type: "article",
    image,
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
      ...(typeof image === "string" ? { image } : {}),
      ...(post.tags.length > 0 ? { keywords: post.tags.join(", ") } : {}),
    },
  };
}

import { previewImageOf, type MediaStorage, type PageMeta } from "shared-content";
import type { About, Contact } from "./sections/types";

/**
 * The home page's metadata: the owner's name and headline, the avatar, and a schema.org Person.
 * An uploaded avatar previews as its share JPEG with its size (the renderer then gives the Person
 * an ImageObject); one typed by hand as it is.
 */
export function homeMeta(about: About | null, contact: Contact | null, media: MediaStorage | null = null): PageMeta {
  const description = about?.headline ?? "Portfolio and blog.";
  const image = previewImageOf(media, about?.avatarUrl, about?.avatarImage);
  return {
    ...(about?.name ? { title: about.name } : {}),
    description,
    type: "profile",
    image,
    jsonLd: {
      "@context": "https://schema.org",
      "@type": "Person",
      ...(about?.name ? { name: about.name } : {}),
      ...(about?.headline ? { jobTitle: about.headline } : {}),
      ...(typeof image === "string" ? { image } : {}),
      ...(about?.location ? { homeLocation: { "@type": "Place", name: about.location } } : {}),
      ...(contact?.email ? { email: `mailto:${contact.email}` } : {}),
      ...(contact && contact.links.length > 0 ? { sameAs: contact.links.map((l) => l.url) } : {}),
      url: "/",
    },
  };
}

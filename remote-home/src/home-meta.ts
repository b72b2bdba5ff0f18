import type { PageMeta } from "shared-content";
import type { About, Contact } from "./sections/types";

/** The home page's metadata: the owner's name and headline, the avatar, and a schema.org Person. */
export function homeMeta(about: About | null, contact: Contact | null): PageMeta {
  const description = about?.headline ?? "Portfolio and blog.";
  return {
    ...(about?.name ? { title: about.name } : {}),
    description,
    type: "profile",
    image: about?.avatarUrl ?? null,
    jsonLd: {
      "@context": "https://schema.org",
      "@type": "Person",
      ...(about?.name ? { name: about.name } : {}),
      ...(about?.headline ? { jobTitle: about.headline } : {}),
      ...(about?.avatarUrl ? { image: about.avatarUrl } : {}),
      ...(about?.location ? { homeLocation: { "@type": "Place", name: about.location } } : {}),
      ...(contact?.email ? { email: `mailto:${contact.email}` } : {}),
      ...(contact && contact.links.length > 0 ? { sameAs: contact.links.map((l) => l.url) } : {}),
      url: "/",
    },
  };
}

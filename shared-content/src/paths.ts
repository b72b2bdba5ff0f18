// Database layout. Every path the site reads or writes is named here.
export const PATHS = {
  about: "site/about",
  contact: "site/contact",
  experience: "experience",
  skills: "skills",
  projects: "projects",
  recommendations: "recommendations",
  submissions: "recommendationSubmissions",
  posts: "blog/posts",
  blogIndex: "blog/index",
  quotes: "quotes",
  films: "films",
  admins: "admins",
} as const;

/** Keyed collections edited through createRecord/updateRecord/deleteRecord. */
export type CollectionKind = "experience" | "skills" | "projects" | "recommendations" | "quotes" | "films";
/** Collections with an `order` field (reorderRecords). */
export type OrderedKind = "experience" | "skills" | "projects" | "recommendations";

export const COLLECTION_KINDS: readonly CollectionKind[] = ["experience", "skills", "projects", "recommendations", "quotes", "films"];
export const ORDERED_KINDS: readonly OrderedKind[] = ["experience", "skills", "projects", "recommendations"];

export const recordPath = (kind: CollectionKind, id: string) => `${PATHS[kind]}/${id}`;
export const postPath = (slug: string) => `${PATHS.posts}/${slug}`;
export const blogIndexPath = (slug: string) => `${PATHS.blogIndex}/${slug}`;
export const submissionPath = (id: string) => `${PATHS.submissions}/${id}`;
export const adminPath = (uid: string) => `${PATHS.admins}/${uid}`;

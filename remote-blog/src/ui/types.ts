// View types are the decoded records of shared-content (collections carry their key as `id`).
import type * as C from "shared-content";

export type PostSummary = C.WithId<C.BlogIndexEntry>;
export type Post = C.WithId<C.BlogPost>;
export type Quote = C.WithId<C.Quote>;
export type Film = C.WithId<C.Film>;

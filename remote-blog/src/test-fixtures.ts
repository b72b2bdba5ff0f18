import type { PagedState } from "./ui/async-state";
import type { Film, Post, PostSummary, Quote } from "./ui/types";

export { ready, loading, failed } from "shared-ui/testing";

let n = 0;
export function film(over: Partial<Film> = {}): Film {
  n += 1;
  return {
    id: `f${n}`,
    title: `Film ${n}`,
    year: 2000,
    directors: ["Agnès Varda"],
    countries: ["France"],
    minutes: 100,
    rating: 4,
    watchedOn: "2024-01-01",
    rev: 1,
    updatedAt: 0,
    ...over,
  };
}

export function summary(over: Partial<PostSummary> = {}): PostSummary {
  n += 1;
  return { id: `post-${n}`, title: `Post ${n}`, summary: "A summary.", tags: [], readingMinutes: 3, publishedAt: Date.UTC(2024, 0, n), ...over };
}

export function post(over: Partial<Post> = {}): Post {
  return {
    id: "hello-world",
    title: "Hello world",
    summary: "The first post.",
    body: "## Intro\n\nSome text.",
    tags: ["react"],
    status: "published",
    readingMinutes: 4,
    createdAt: Date.UTC(2024, 2, 1),
    publishedAt: Date.UTC(2024, 2, 2),
    updatedAt: Date.UTC(2024, 2, 2),
    rev: 1,
    ...over,
  };
}

export function quote(over: Partial<Quote> = {}): Quote {
  n += 1;
  return { id: `q${n}`, text: `Quote text ${n}`, author: "Seneca", rev: 1, updatedAt: 0, ...over };
}

export function paged<T>(data: T[], over: Partial<PagedState<T>> = {}): PagedState<T> {
  return { status: "ready", data, error: null, retry: () => {}, hasMore: false, loadMore: () => {}, loadingMore: false, ...over };
}

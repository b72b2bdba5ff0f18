import { useCallback } from "react";
import { BLOG_PAGE_SIZE, BLOG_SCAN_WINDOW, feedUrl, useBlogIndex, usePageMeta } from "shared-content";
import { BlogListView } from "../blog/blog-list-view";
import { SubscribeForm } from "../blog/subscribe-form";
import { useSearchParam } from "../ui/use-search-param";

/**
 * `/blogs/list`: the list index only (never bodies), ten at a time; `?tag=` filters and `?q=`
 * searches the newest BLOG_SCAN_WINDOW entries, then further back on request.
 */
export default function BlogListPage() {
  const { params, setParam, clear: onClear } = useSearchParam();
  const tag = params.get("tag");
  const query = params.get("q") ?? "";
  // A tag filter or a search looks through the newest entries, a bounded window at a time.
  const list = useBlogIndex({ pageSize: tag !== null || query.trim() !== "" ? BLOG_SCAN_WINDOW : BLOG_PAGE_SIZE });
  usePageMeta(
    tag === null
      ? { title: "Blog", description: "Notes on front-end engineering: micro-frontends, realtime data, testing and accessibility." }
      : {
          title: `Posts tagged #${tag}`,
          description: `Every post tagged #${tag}, newest first.`,
          // The tag's own feed, for a reader who follows one subject.
          feed: { title: `Posts tagged #${tag}`, href: feedUrl(tag) },
        },
  );
  const onTagChange = useCallback((next: string | null) => setParam("tag", next), [setParam]);
  const onQueryChange = useCallback((next: string) => setParam("q", next || null), [setParam]);
  return (
    <>
      <BlogListView list={list} tag={tag} onTagChange={onTagChange} query={query} onQueryChange={onQueryChange} onClear={onClear} />
      <SubscribeForm />
    </>
  );
}

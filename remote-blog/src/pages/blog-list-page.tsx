import { useCallback } from "react";
import { useSearchParams } from "shared-router";
import { useBlogIndex, usePageMeta } from "shared-content";
import { BlogListView } from "../blog/blog-list-view";

/** `/blogs/list`: the list index only (never bodies), ten at a time; `?tag=` filters. */
export default function BlogListPage() {
  const [params, setParams] = useSearchParams();
  const tag = params.get("tag");
  // A tag filter needs every entry of the (small, body-less) index.
  const list = useBlogIndex({ all: tag !== null });
  usePageMeta(
    tag === null
      ? { title: "Blog", description: "Notes on front-end engineering: micro-frontends, realtime data, testing and accessibility." }
      : { title: `Posts tagged #${tag}`, description: `Every post tagged #${tag}, newest first.` },
  );
  const onTagChange = useCallback(
    (next: string | null) =>
      setParams(
        (p) => {
          const copy = new URLSearchParams(p);
          if (next) copy.set("tag", next);
          else copy.delete("tag");
          return copy;
        },
        { replace: true },
      ),
    [setParams],
  );
  return <BlogListView list={list} tag={tag} onTagChange={onTagChange} />;
}

import { useParams } from "shared-router";
import { useBlogPost, usePostNeighbourhood } from "shared-content";
import { BlogPostView } from "../blog/blog-post-view";
import { neighbours } from "../blog/blog-list-logic";
import { SeriesBox } from "../blog/series-box";
import { SubscribeForm } from "../blog/subscribe-form";

/** `/blogs/:id`: one published post by slug; drafts and unknown slugs show "not found". */
export default function BlogPostPage() {
  const slug = useParams().id ?? "";
  const post = useBlogPost(slug);
  // The list entries published nearest this post (bounded queries, never the whole index) give
  // the newer and older posts, and the related ones among them.
  const publishedAt = post.status === "ready" && post.data ? (post.data.publishedAt ?? post.data.createdAt) : null;
  const nearby = usePostNeighbourhood(publishedAt);
  const more = nearby.status === "ready" && publishedAt !== null ? neighbours(nearby.data, slug) : null;
  const series = post.status === "ready" ? post.data?.series : undefined;
  return (
    <>
      <BlogPostView state={post} slug={slug} more={more} series={series ? <SeriesBox postSlug={slug} seriesSlug={series.slug} /> : null} />
      {post.status === "ready" && post.data ? <SubscribeForm /> : null}
    </>
  );
}

import { useParams } from "shared-router";
import { useBlogIndex, useBlogPost } from "shared-content";
import { BlogPostView } from "../blog/blog-post-view";
import { neighbours } from "../blog/blog-list-logic";

/** `/blogs/:id`: one published post by slug; drafts and unknown slugs show "not found". */
export default function BlogPostPage() {
  const slug = useParams().id ?? "";
  const post = useBlogPost(slug);
  // The (small, body-less) index gives the newer and older posts and the related ones.
  const index = useBlogIndex({ all: true });
  const more = index.status === "ready" ? neighbours(index.data, slug) : null;
  return <BlogPostView state={post} slug={slug} more={more} />;
}

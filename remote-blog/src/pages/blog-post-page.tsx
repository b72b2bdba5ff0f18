import { useParams } from "shared-router";
import { useBlogPost } from "shared-content";
import { BlogPostView } from "../blog/blog-post-view";

/** `/blogs/:id`: one published post by slug; drafts and unknown slugs show "not found". */
export default function BlogPostPage() {
  const slug = useParams().id ?? "";
  const post = useBlogPost(slug);
  return <BlogPostView state={post} slug={slug} />;
}

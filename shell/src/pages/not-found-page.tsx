import { Link, useLocation } from "shared-router";
import { usePageMeta } from "shared-content";
import styles from "./not-found-page.module.css";

export function NotFoundPage() {
  usePageMeta({ title: "Page not found", description: "There is no page at this address.", status: 404 });
  const { pathname } = useLocation();
  return (
    <section className={styles.box} aria-labelledby="nf-title">
      <h1 id="nf-title">Page not found</h1>
      <p>
        There is no page at <code>{pathname}</code>.
      </p>
      <p>
        <Link to="/">Go to the home page</Link> or <Link to="/blogs/list">read the blog</Link>.
      </p>
    </section>
  );
}

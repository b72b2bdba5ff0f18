import { Link, useLocation } from "shared-router";
import { SITE_PATHS, usePageMeta } from "shared-content";
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
        <Link to={SITE_PATHS.home.getHref()}>Go to the home page</Link> or <Link to={SITE_PATHS.blogList.getHref()}>read the blog</Link>.
      </p>
    </section>
  );
}

import { Link, useLocation } from "shared-router";
import { useDocumentTitle } from "../use-document-title";
import styles from "./not-found-page.module.css";

export function NotFoundPage() {
  useDocumentTitle("Page not found");
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

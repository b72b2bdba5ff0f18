import { SITE_PATHS } from "shared-content";
import { Outlet } from "shared-router";
import { NavLinks, SiteFooter, SiteHeader, SkipLink, type NavItem } from "./site-header";
import styles from "./layout.module.css";

const BLOG_NAV: NavItem[] = [
  { to: SITE_PATHS.blogList.getHref(), label: "Posts", section: "/blogs/" },
  { to: SITE_PATHS.quotes.getHref(), label: "Favourite quotes" },
  { to: SITE_PATHS.films.getHref(), label: "Seen films" },
];

export function BlogLayout() {
  return (
    <div className={styles.page} data-layout="blog">
      <SkipLink />
      <SiteHeader />
      <div className={styles.subnavBar}>
        <NavLinks label="Blog" items={BLOG_NAV} className={styles.subnav} activeClass={styles.subActive} />
      </div>
      <main id="main" className={`${styles.main} ${styles.reading}`} tabIndex={-1}>
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}

import { Outlet } from "shared-router";
import { NavItemLink, SiteFooter, SiteHeader, SkipLink, type NavItem } from "./site-header";
import styles from "./layout.module.css";

const BLOG_NAV: NavItem[] = [
  { to: "/blogs/list", label: "Posts", section: "/blogs/" },
  { to: "/favorite-quotes", label: "Favourite quotes" },
  { to: "/list-of-seen-films", label: "Seen films" },
];

export function BlogLayout() {
  return (
    <div className={styles.page} data-layout="blog">
      <SkipLink />
      <SiteHeader />
      <div className={styles.subnavBar}>
        <nav aria-label="Blog" className={styles.subnav}>
          <ul>
            {BLOG_NAV.map((item) => (
              <li key={item.to}>
                <NavItemLink item={item} activeClass={styles.subActive} />
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <main id="main" className={`${styles.main} ${styles.reading}`} tabIndex={-1}>
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}

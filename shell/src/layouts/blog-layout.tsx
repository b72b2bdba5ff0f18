import { NavLink, Outlet } from "shared-router";
import { SiteFooter, SiteHeader, SkipLink } from "./site-header";
import styles from "./layout.module.css";

const BLOG_NAV = [
  { to: "/blogs/list", label: "Posts" },
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
                <NavLink to={item.to} className={({ isActive }) => (isActive ? styles.subActive : undefined)}>
                  {item.label}
                </NavLink>
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

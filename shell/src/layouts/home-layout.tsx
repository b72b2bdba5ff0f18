import { Outlet } from "shared-router";
import { SiteFooter, SiteHeader, SkipLink } from "./site-header";
import styles from "./layout.module.css";

export function HomeLayout() {
  return (
    <div className={styles.page} data-layout="home">
      <SkipLink />
      <SiteHeader />
      <main id="main" className={styles.main} tabIndex={-1}>
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}

import { Outlet } from "shared-router";
import { SiteHeader, SkipLink } from "./site-header";
import styles from "./layout.module.css";

/** The shell's own pages (login): brand and theme only. */
export function PlainLayout() {
  return (
    <div className={styles.page} data-layout="plain">
      <SkipLink />
      <SiteHeader nav={[]} />
      <main id="main" className={`${styles.main} ${styles.narrow}`} tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  );
}

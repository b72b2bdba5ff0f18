import type { ReactNode } from "react";
import { Navigate, useLocation } from "shared-router";
import { useAuthStore } from "shared-auth";
import { SITE_PATHS } from "shared-content";
import { isSigningOutOnPurpose } from "./sign-out";
import styles from "./require-auth.module.css";

/**
 * The guard (docs/architecture.md, "Routes"): waits for the first auth state, never flashing the login page;
 * signed in proceeds; signed out (at first, or later when the session is lost) goes to
 * /login?redirect=<full path with query>.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const status = useAuthStore((s) => s.status);
  const location = useLocation();
  if (status === "loading") {
    return (
      <div className={styles.wait} role="status" aria-live="polite">
        Checking your sign-in…
      </div>
    );
  }
  if (status === "signedOut") {
    if (isSigningOutOnPurpose()) return <Navigate to={SITE_PATHS.home.getHref()} replace />;
    return <Navigate to={SITE_PATHS.login.getHref(location.pathname + location.search + location.hash)} replace />;
  }
  return <>{children}</>;
}

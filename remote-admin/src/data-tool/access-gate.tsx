import type { ReactNode } from "react";
import { SITE_PATHS } from "shared-content/admin";
import { Link } from "shared-router";
import { signOutUser, useAuthStore } from "shared-auth";
import { Button, StatusMessage } from "../ui";
import styles from "./data-tool.module.css";

export const LOGIN_LINK = SITE_PATHS.login.getHref(SITE_PATHS.dataTool.getHref());

/**
 * The route is public (spec), but reading all content and writing it needs the admin. Anyone
 * else gets a plain explanation and a way to sign in as the admin and come back here.
 */
export function AccessGate({ children }: { children: ReactNode }) {
  const status = useAuthStore((s) => s.status);
  const isAdmin = useAuthStore((s) => s.isAdmin);
  const email = useAuthStore((s) => s.user?.email ?? null);

  if (status === "loading" || (status === "signedIn" && isAdmin === null)) {
    return <StatusMessage kind="info">Checking your sign-in…</StatusMessage>;
  }
  if (status === "signedOut") {
    return (
      <div className={styles.gate}>
        <p>
          Exporting and importing the site&apos;s content needs the administrator. Sign in with the admin account to use this tool; you will come back to this
          page afterwards.
        </p>
        <p>
          <Link className={styles.primaryLink} to={LOGIN_LINK}>
            Sign in as admin
          </Link>
        </p>
      </div>
    );
  }
  if (!isAdmin) {
    return (
      <div className={styles.gate}>
        <p>
          You are signed in as <strong>{email ?? "an account without email"}</strong>, which is not an administrator of this site. Exporting and importing
          content needs the admin account: sign out, then sign in as the admin.
        </p>
        <p className={styles.row}>
          <Button onClick={() => void signOutUser()}>Sign out</Button>
        </p>
      </div>
    );
  }
  return <>{children}</>;
}

import { Component, Suspense, lazy, useContext, useMemo, useState, type ReactNode } from "react";
import { Link, NavLink, Outlet, useNavigate } from "shared-router";
import { useAuthStore } from "shared-auth";
import { SITE_PATHS } from "shared-content";
import { signOutOnPurpose } from "../auth/sign-out";
import { SiteHeader, SkipLink } from "./site-header";
import { ADMIN_NAV } from "./admin-nav";
import { ReleaseHealth } from "./release-health";
import { RemoteRegistryContext } from "../remotes/remote-slot";
import type { ScreenOf } from "../remotes/screens";
import styles from "./layout.module.css";

function SignOutButton() {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      className={styles.headerButton}
      disabled={busy}
      onClick={() => {
        setBusy(true);
        void signOutOnPurpose(navigate).finally(() => setBusy(false));
      }}
    >
      Sign out
    </button>
  );
}

const ADMIN_HEADER_NAV = [{ to: SITE_PATHS.home.getHref(), label: "View site", end: true }];

/** Renders nothing when its part fails: a missing count must not take the navigation down. */
class QuietBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/**
 * A remote-admin component inside a navigation link (the pending recommendations count). It is
 * loaded at run time like a screen, so the SDK reads it makes never reach the shell's bundle,
 * which every visitor downloads; while it loads, or if it cannot, the link shows no count.
 */
function NavBadge({ module }: { module: ScreenOf<"remote_admin"> }) {
  const registry = useContext(RemoteRegistryContext);
  const Badge = useMemo(() => lazy(() => registry.load("remote_admin", module)), [registry, module]);
  return (
    <QuietBoundary>
      <Suspense fallback={null}>
        <Badge />
      </Suspense>
    </QuietBoundary>
  );
}

/** The admin sidebar: every admin screen, the current one marked (aria-current). */
function AdminSidebar() {
  return (
    <nav aria-label="Admin sections" className={styles.sidebar}>
      <ul>
        {ADMIN_NAV.map((item) => (
          <li key={item.to}>
            <NavLink to={item.to} end={item.end ?? false} className={({ isActive }) => (isActive ? styles.sideActive : undefined)}>
              {item.label}
              {item.badge ? <NavBadge module={item.badge} /> : null}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The signed-in admin area: section navigation, Sign out, and the admin check. */
export function AdminLayout() {
  const user = useAuthStore((s) => s.user);
  const isAdmin = useAuthStore((s) => s.isAdmin);
  let content;
  if (isAdmin === null) {
    content = (
      <div className={styles.wait} role="status" aria-live="polite">
        Checking your permissions…
      </div>
    );
  } else if (!isAdmin) {
    content = (
      <section className={styles.notice} aria-labelledby="not-admin-title">
        <h1 id="not-admin-title">This account is not an admin</h1>
        <p>
          You are signed in as <strong>{user?.email ?? "an unknown user"}</strong>, but only accounts listed as admins can edit the site. Sign out and sign in
          with the admin account, or ask the site owner to add this account.
        </p>
        <SignOutButton />
      </section>
    );
  } else {
    content = (
      <div className={styles.adminGrid}>
        <AdminSidebar />
        <div className={styles.adminContent}>
          <ReleaseHealth />
          <Outlet />
        </div>
      </div>
    );
  }
  return (
    <AdminPage
      layout="admin"
      actions={
        <>
          {user?.email && <span className={styles.who}>{user.email}</span>}
          <SignOutButton />
        </>
      }
    >
      {content}
    </AdminPage>
  );
}

/** The admin area's page: its header (a link back to the site, `actions` at the end) and main. */
function AdminPage({ layout, actions, children }: { layout: string; actions: ReactNode; children: ReactNode }) {
  return (
    <div className={styles.page} data-layout={layout}>
      <SkipLink />
      <SiteHeader brand="Admin panel" brandTo={SITE_PATHS.admin.getHref()} nav={ADMIN_HEADER_NAV} navLabel="Site" actions={actions} />
      <main id="main" className={styles.main} tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}

/** Admin-styled, but public (the create-realtime-data tool): writing still needs admin rights. */
export function AdminToolsLayout() {
  const status = useAuthStore((s) => s.status);
  const isAdmin = useAuthStore((s) => s.isAdmin);
  return (
    <AdminPage
      layout="admin-tools"
      actions={
        status === "signedIn" ? (
          <SignOutButton />
        ) : (
          <Link className={styles.headerLink} to={SITE_PATHS.login.getHref(SITE_PATHS.dataTool.getHref())}>
            Sign in
          </Link>
        )
      }
    >
      {status === "signedIn" && isAdmin ? (
        <div className={styles.adminGrid}>
          <AdminSidebar />
          <div className={styles.adminContent}>
            <Outlet />
          </div>
        </div>
      ) : (
        <Outlet />
      )}
    </AdminPage>
  );
}

import { useEffect, useRef, useState } from "react";
import { SITE_PATHS, formatMoment } from "shared-content/admin";
import { useNavigate } from "shared-router";
import { signOutUser, useAuthStore } from "shared-auth";
import { authErrorMessage } from "shared-auth/messages";
import { AdminPage, Button, Panel, StatusMessage } from "../ui";
import { ChangeEmailForm } from "./change-email-form";
import { ChangePasswordForm } from "./change-password-form";
import styles from "./account.module.css";

/** Firebase gives times as UTC strings ("Sun, 22 Nov 2026 09:00:00 GMT"); show them locally. */
export function formatTime(value: string | null | undefined): { iso: string; text: string } | null {
  if (!value) return null;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  return {
    iso: date.toISOString(),
    text: formatMoment(date.getTime()),
  };
}

function Time({ value }: { value: string | null | undefined }) {
  const t = formatTime(value);
  return t ? <time dateTime={t.iso}>{t.text}</time> : <span>Unknown</span>;
}

/** The signed-in admin's own account: details, password, email, sign out. */
export function AccountScreen() {
  const user = useAuthStore((s) => s.user);
  const status = useAuthStore((s) => s.status);
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState(false);
  const [signOutError, setSignOutError] = useState<string | null>(null);

  // Sign out after the forms re-rendered without their unsaved-changes guard, so the move to
  // the login page is not held up by a "leave without saving?" question.
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;
  useEffect(() => {
    if (!leaving) return;
    signOutUser()
      .then(() => navigateRef.current(SITE_PATHS.login.getHref(), { replace: true }))
      .catch((error: unknown) => {
        setSignOutError(authErrorMessage(error));
        setLeaving(false);
      });
  }, [leaving]);

  if (status !== "signedIn" || !user) {
    return (
      <AdminPage title="Account">
        <StatusMessage kind="info">{status === "loading" ? "Loading your account…" : "You are signed out."}</StatusMessage>
      </AdminPage>
    );
  }

  return (
    <AdminPage
      title="Account"
      description="Your sign-in details. Changing the password signs out your other devices when their session next refreshes."
      actions={
        <Button variant="secondary" onClick={() => setLeaving(true)} disabled={leaving} aria-busy={leaving || undefined}>
          {leaving ? "Signing out…" : "Sign out"}
        </Button>
      }
    >
      {signOutError ? <StatusMessage kind="error">{signOutError}</StatusMessage> : null}
      <Panel title="Details">
        <dl className={styles.details}>
          <dt>Email</dt>
          <dd data-testid="account-email">{user.email ?? "No email address"}</dd>
          <dt>Account created</dt>
          <dd data-testid="account-created">
            <Time value={user.creationTime} />
          </dd>
          <dt>Last sign-in</dt>
          <dd data-testid="account-last-sign-in">
            <Time value={user.lastSignInTime} />
          </dd>
        </dl>
      </Panel>
      <ChangePasswordForm guard={!leaving} />
      <ChangeEmailForm currentEmail={user.email} guard={!leaving} />
    </AdminPage>
  );
}

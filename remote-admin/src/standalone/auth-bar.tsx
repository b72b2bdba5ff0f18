import { useState } from "react";
import { signInWithEmail, signOutUser, useAuthStore } from "shared-auth";
import { authErrorMessage } from "shared-auth/messages";

// Standalone only: the shell's login page is not here, so offer the demo admin's sign-in.
const DEMO = {
  email: import.meta.env.VITE_DEMO_ADMIN_EMAIL ?? "admin@example.com",
  password: import.meta.env.VITE_DEMO_ADMIN_PASSWORD ?? "Portfolio-Admin-2026",
};

export function AuthBar() {
  const { status, user, isAdmin } = useAuthStore();
  const [error, setError] = useState("");
  if (status === "loading") return <span>Checking sign-in…</span>;
  if (status === "signedIn") {
    return (
      <span>
        {user?.email} {isAdmin ? "(admin)" : "(not admin)"}{" "}
        <button type="button" onClick={() => void signOutUser()}>
          Sign out
        </button>
      </span>
    );
  }
  return (
    <span>
      <button type="button" onClick={() => signInWithEmail(DEMO.email, DEMO.password).catch((e: unknown) => setError(authErrorMessage(e)))}>
        Sign in as the demo admin
      </button>
      {error && <span role="alert"> {error}</span>}
    </span>
  );
}

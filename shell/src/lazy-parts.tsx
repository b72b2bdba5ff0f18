// The shell's parts that visitors never open (sign-in, the admin area's layouts and its Releases
// screen) load on demand, so they stay out of the bundle every public page downloads.
import { Suspense, lazy, useMemo, useState, type ComponentType } from "react";
import { RemoteErrorBoundary, RemoteLoading } from "./remotes/remote-slot";

/** A component loaded on first render, with the loading state and a Retry when its file cannot be fetched. */
function lazyPart(label: string, load: () => Promise<ComponentType>) {
  const loadDefault = () => load().then((component) => ({ default: component }));
  function LazyPart() {
    const [attempt, setAttempt] = useState(0);
    // React.lazy remembers a failed load, so Retry needs a new lazy component.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- attempt is the retry trigger
    const Part = useMemo(() => lazy(loadDefault), [attempt]);
    return (
      <RemoteErrorBoundary key={attempt} label={label} onRetry={() => setAttempt((n) => n + 1)}>
        <Suspense fallback={<RemoteLoading />}>
          <Part />
        </Suspense>
      </RemoteErrorBoundary>
    );
  }
  LazyPart.displayName = `Lazy(${label})`;
  return LazyPart;
}

export const LazyLoginPage = lazyPart("Sign-in page", () => import("./pages/login-page").then((m) => m.LoginPage));
export const LazyResetPasswordPage = lazyPart("Password reset page", () => import("./pages/reset-password-page").then((m) => m.ResetPasswordPage));
export const LazyAdminLayout = lazyPart("Admin panel", () => import("./layouts/admin-layout").then((m) => m.AdminLayout));
export const LazyAdminToolsLayout = lazyPart("Admin tools", () => import("./layouts/admin-layout").then((m) => m.AdminToolsLayout));
export const LazyReleasesPage = lazyPart("Releases", () => import("./releases/releases-page").then((m) => m.ReleasesPage));

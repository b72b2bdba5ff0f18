// The sign-in page loads on demand: visitors never open it, so it does not belong in the bundle
// every public page downloads.
import { Suspense, lazy, useMemo, useState } from "react";
import { RemoteErrorBoundary, RemoteLoading } from "../remotes/remote-slot";

const loadLoginPage = () => import("./login-page").then((m) => ({ default: m.LoginPage }));

export function LazyLoginPage() {
  const [attempt, setAttempt] = useState(0);
  // React.lazy remembers a failed load, so Retry needs a new lazy component.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- attempt is the retry trigger
  const Page = useMemo(() => lazy(loadLoginPage), [attempt]);
  return (
    <RemoteErrorBoundary key={attempt} label="Sign-in page" onRetry={() => setAttempt((n) => n + 1)}>
      <Suspense fallback={<RemoteLoading />}>
        <Page />
      </Suspense>
    </RemoteErrorBoundary>
  );
}

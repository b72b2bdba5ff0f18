import type { ReactNode } from "react";
import type { LiveResult } from "shared-content/admin";
import { AdminPage, Button, StatusMessage } from "../ui";

/** What an editor shows until its live data is ready: a loading status, or the load error with Retry. */
export function EditorLoadState({ title, description, live }: { title: string; description?: ReactNode; live: LiveResult<unknown> }) {
  return (
    <AdminPage title={title} description={description}>
      {live.status === "error" ? (
        <StatusMessage kind="error" action={<Button onClick={live.retry}>Retry</Button>}>
          Could not load: {live.error?.message}
        </StatusMessage>
      ) : (
        <p role="status">Loading…</p>
      )}
    </AdminPage>
  );
}

/** What an editor shows when the record its URL names is not there (and was not open here). */
export function EditorMissing({
  title,
  description,
  message,
  backLabel,
  onBack,
}: {
  title: string;
  description?: ReactNode;
  message: string;
  backLabel: string;
  onBack: () => void;
}) {
  return (
    <AdminPage title={title} description={description}>
      <StatusMessage kind="warning" action={<Button onClick={onBack}>{backLabel}</Button>}>
        {message}
      </StatusMessage>
    </AdminPage>
  );
}

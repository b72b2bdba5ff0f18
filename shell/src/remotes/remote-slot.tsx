import { Component, Suspense, createContext, lazy, useContext, useMemo, useState, type ComponentType, type ReactNode } from "react";
import { remoteRegistry, type RemoteRegistry } from "./remote-registry";
import styles from "./remote-slot.module.css";

export const RemoteRegistryContext = createContext<RemoteRegistry>(remoteRegistry);

interface BoundaryProps {
  label: string;
  onRetry: () => void;
  children: ReactNode;
}

interface BoundaryState {
  error: Error | null;
}

/** Catches a remote that fails to load (or throws while rendering) and offers Retry. */
export class RemoteErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null };

  static getDerivedStateFromError(error: Error): BoundaryState {
    return { error };
  }

  override componentDidCatch(error: Error): void {
    console.error(`[shell] ${this.props.label} failed`, error);
  }

  override render() {
    if (this.state.error) {
      return (
        <div className={styles.fallback} role="region" aria-label={`${this.props.label} unavailable`} data-remote-fallback="">
          <p className={styles.title}>This part of the page could not be loaded.</p>
          <p className={styles.detail}>The rest of the site still works. Check your connection, then try again.</p>
          <button type="button" className={styles.retry} onClick={this.props.onRetry}>
            Retry
          </button>
        </div>
      );
    }
    return this.props.children;
  }
}

export function RemoteLoading() {
  return (
    <div className={styles.loading} role="status" aria-live="polite">
      Loading…
    </div>
  );
}

interface RemoteSlotProps {
  remote: string;
  module: string;
}

/** Error boundary > Suspense > React.lazy around one exposed screen of a remote. */
export function RemoteSlot({ remote, module }: RemoteSlotProps) {
  const registry = useContext(RemoteRegistryContext);
  const [attempt, setAttempt] = useState(0);
  // React.lazy remembers a rejected load forever, so every attempt gets a new lazy component.
  const Screen = useMemo<ComponentType>(
    () => lazy(() => registry.load(remote, module)),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- attempt is the retry trigger
    [registry, remote, module, attempt],
  );
  return (
    <div className={styles.slot} data-remote={remote} data-module={module}>
      <RemoteErrorBoundary key={attempt} label={`${module} (${remote})`} onRetry={() => setAttempt((n) => n + 1)}>
        <Suspense fallback={<RemoteLoading />}>
          <Screen />
        </Suspense>
      </RemoteErrorBoundary>
    </div>
  );
}

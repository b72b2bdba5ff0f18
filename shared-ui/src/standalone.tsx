// The development page of a remote run alone (`npm run dev -w <remote>`): not federated, so it
// creates its own router, with a bar linking the remote's screens. Each remote's
// src/standalone/main.tsx initialises Firebase with the local-stack config and mounts this.
// Never part of a production bundle: only a remote's standalone index.html reaches it.
import { Fragment, StrictMode, Suspense, type ComponentType, type ReactNode } from "react";
import { createRoot } from "react-dom/client";
import { BlockingBrowserRouter, Link, Route, Routes } from "shared-router";
import "./theme/tokens.css";

export interface StandaloneRoute {
  path: string;
  /** Where the bar's link goes, when not the path itself (a path with parameters). */
  link?: string;
  label: string;
  Component: ComponentType;
}

/**
 * `providers`: what the shell would put around the screens (shared-content's SiteNameProvider),
 * so a screen alone shows what it shows in the site.
 */
export function mountStandalone(
  name: string,
  routes: readonly StandaloneRoute[],
  options: { toolbar?: ReactNode; providers?: ComponentType<{ children: ReactNode }> } = {},
): void {
  const root = document.getElementById("root");
  if (!root) return;
  const Providers = options.providers ?? Fragment;
  createRoot(root).render(
    <StrictMode>
      <Providers>
        <BlockingBrowserRouter>
          <nav style={{ display: "flex", gap: "1rem", flexWrap: "wrap", padding: "0.5rem 1rem", borderBottom: "1px solid var(--color-border)" }}>
            <strong>{name} (standalone)</strong>
            {routes.map((r) => (
              <Link key={r.path} to={r.link ?? r.path}>
                {r.label}
              </Link>
            ))}
            {options.toolbar}
          </nav>
          <main style={{ padding: "1rem" }}>
            <Suspense fallback={<p>Loading…</p>}>
              <Routes>
                {routes.map((r) => (
                  <Route key={r.path} path={r.path} element={<r.Component />} />
                ))}
                <Route path="*" element={<p>Pick a screen above.</p>} />
              </Routes>
            </Suspense>
          </main>
        </BlockingBrowserRouter>
      </Providers>
    </StrictMode>,
  );
}

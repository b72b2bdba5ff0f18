// Development entry for running this remote alone (`npm run dev -w remote-admin`): not federated, so
// it creates its own router and initialises Firebase itself with the local-stack config.
import { StrictMode, Suspense } from "react";
import { createRoot } from "react-dom/client";
// eslint-disable-next-line no-restricted-imports -- the standalone dev entry is the only router a remote ever creates
import { BrowserRouter, Link, Route, Routes } from "shared-router";
import { initFirebase } from "shared-auth";
import { devConfig } from "./dev-config";
import { standaloneRoutes } from "./routes";
import { AuthBar } from "./auth-bar";
// The shell owns the theme; the standalone page borrows its tokens so screens look the same.
import "../../../shell/src/theme/tokens.css";

initFirebase(devConfig);

function StandaloneApp() {
  return (
    <BrowserRouter>
      <nav style={{ display: "flex", gap: "1rem", flexWrap: "wrap", padding: "0.5rem 1rem", borderBottom: "1px solid var(--color-border)" }}>
        <strong>remote-admin (standalone)</strong>
        {standaloneRoutes.map((r) => (
          <Link key={r.path} to={r.link ?? r.path}>
            {r.label}
          </Link>
        ))}
        <AuthBar />
      </nav>
      <main style={{ padding: "1rem" }}>
        <Suspense fallback={<p>Loading…</p>}>
          <Routes>
            {standaloneRoutes.map((r) => (
              <Route key={r.path} path={r.path} element={<r.Component />} />
            ))}
            <Route path="*" element={<p>Pick a screen above.</p>} />
          </Routes>
        </Suspense>
      </main>
    </BrowserRouter>
  );
}

const root = document.getElementById("root");
if (root) {
  createRoot(root).render(
    <StrictMode>
      <StandaloneApp />
    </StrictMode>,
  );
}

// A remote's dev server compiles every component for React Fast Refresh, and each module then
// throws "can't detect preamble" unless the page installed the refresh runtime first. A Vite
// host (the shell's dev server) and the remote's standalone page install it from their
// index.html; the built shell does not, so previewing a remote's dev server inside `npm start`
// (Admin panel -> Releases, shell/README.md) showed "could not be loaded". This module is a
// federation runtime plugin that only the remote's dev server imports (remote-config.ts): on
// a page without a preamble it installs one, and stands in for the refresh runtime there.
//
// @module-federation/vite's /@react-refresh proxy, which the compiled modules import, loads the
// runtime from __MF_REACT_REFRESH_URL__ when a host page sets it; this module sets it to itself.
// It hands everything to the remote's own runtime (served at /@mf-react-refresh-local) except
// the update: a production React cannot refresh a component in place, so an edit reloads the
// page instead (the hot update is refused, and Vite reloads), and the preview shows the new code.

/** Where @module-federation/vite's dev server serves the remote's own React Refresh runtime. */
export const LOCAL_REFRESH_RUNTIME_PATH = "/@mf-react-refresh-local";

/** Why an edit reloads the page rather than refreshing the component (Vite logs it). */
export const RELOAD_REASON = "this page's React is a production build and cannot refresh components in place: reloading";

/**
 * The refresh runtime the remote must install on `page`: null when the page already has a
 * preamble (`$RefreshReg$`, set by a Vite host), else the remote's own runtime beside `moduleUrl`.
 */
export function refreshRuntimeToInstall(page: object, moduleUrl: string): string | null {
  return "$RefreshReg$" in page ? null : new URL(LOCAL_REFRESH_RUNTIME_PATH, moduleUrl).href;
}

interface RefreshRuntime {
  injectIntoGlobalHook(page: Window): void;
  register(type: unknown, id: string): void;
  createSignatureFunctionForTransform(): unknown;
  registerExportsForReactRefresh(filename: string, moduleExports: unknown): void;
}

interface RefreshPage {
  $RefreshReg$?: () => void;
  $RefreshSig$?: () => (type: unknown) => unknown;
  __MF_REACT_REFRESH_URL__?: string;
}

let runtime: RefreshRuntime | null = null;

// Only where a dev server serves this module to a page (never in Node or a unit test).
if (typeof window !== "undefined" && /^https?:/.test(import.meta.url)) {
  const runtimeUrl = refreshRuntimeToInstall(window, import.meta.url);
  if (runtimeUrl) {
    runtime = (await import(/* @vite-ignore */ runtimeUrl)) as RefreshRuntime;
    // The same lines as @vitejs/plugin-react's preamble, with this module as the page's runtime.
    const page = window as unknown as RefreshPage;
    page.__MF_REACT_REFRESH_URL__ = import.meta.url;
    runtime.injectIntoGlobalHook(window);
    page.$RefreshReg$ = () => {};
    page.$RefreshSig$ = () => (type) => type;
  }
}

// What the /@react-refresh proxy re-exports, on a page where this module installed the runtime.
export const injectIntoGlobalHook = (page: Window) => runtime?.injectIntoGlobalHook(page);
export const register = (type: unknown, id: string) => runtime?.register(type, id);
export const getRefreshReg = () => (type: unknown, id: string) => runtime?.register(type, id);
export const createSignatureFunctionForTransform = () => runtime?.createSignatureFunctionForTransform() ?? ((type: unknown) => type);
export const registerExportsForReactRefresh = (filename: string, moduleExports: unknown) => runtime?.registerExportsForReactRefresh(filename, moduleExports);
/** Refuses every hot update (a message makes the module invalidate itself, up to a reload). */
export const validateRefreshBoundaryAndEnqueueUpdate = () => RELOAD_REASON;
export const __hmr_import = (module: string) => import(/* @vite-ignore */ module);

/** The runtime plugin itself does nothing: importing this module is the point. */
export default function devRefreshPreamble() {
  return { name: "dev-refresh-preamble" };
}

// The ONE roster of remotes (docs/architecture.md, "Adding a screen or a remote"): each remote's
// federation name, its folder, its Vite dev server's port and whether it ships a server entry.
// Read by the remotes' vite configs (remote-config.ts), the local stack and the release
// command (scripts/), the benchmarks, the shell's types and its release notice. Plain data with
// no imports, so browser code may read it too. Adding a remote is one entry here, its folder (a
// workspace with src/exposes.json) and its Hosting target in firebase.json.

export interface RemoteEntry {
  /** The remote's workspace folder, which is also its Hosting target. */
  dir: string;
  /** The Vite dev server's port: the variable that sets it, else the default. */
  devPort: { env: string; default: number };
  /**
   * The remote also ships a server entry (remoteEntry.ssr.js) the renderer loads at request
   * time, so its screens are rendered on the server (docs/rendering.md).
   */
  serverRendered: boolean;
}

/** In firebase.json's order: the Hosting emulator gives the remotes the ports after the shell's. */
export const REMOTES = {
  remote_home: { dir: "remote-home", devPort: { env: "REMOTE_HOME_PORT", default: 4174 }, serverRendered: true },
  remote_blog: { dir: "remote-blog", devPort: { env: "REMOTE_BLOG_PORT", default: 4175 }, serverRendered: true },
  remote_admin: { dir: "remote-admin", devPort: { env: "REMOTE_ADMIN_PORT", default: 4176 }, serverRendered: false },
} as const satisfies Record<string, RemoteEntry>;

/** A remote's federation name (its key in /config.json's `remotes`). */
export type RemoteName = keyof typeof REMOTES;

/** The remotes as a list, in the roster's order, each with its federation name. */
export const REMOTE_LIST = /* @__PURE__ */ (Object.keys(REMOTES) as RemoteName[]).map((name) => ({ name, ...REMOTES[name] }));

/** The remote a federation name or a folder names, or undefined. */
export const remoteNamed = (nameOrDir: string) => REMOTE_LIST.find((r) => r.name === nameOrDir || r.dir === nameOrDir);

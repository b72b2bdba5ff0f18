// The types of the renderer's `./server` export (package.json) for the workspaces that run its
// built bundle (the release check in scripts/): what they use of server.ts, declared without
// importing the renderer's sources, so their typecheck does not walk the shell's and the
// remotes' code. server.ts assigns its own createRenderer to this declaration, so the renderer's
// typecheck fails when the two drift apart.
import type { IncomingMessage, ServerResponse } from "node:http";

export interface ServerRendererOptions {
  /** Folder with the shell's built app.html, .vite/manifest.json and stylesheets. */
  shellDir: string;
  /** Where the runtime config is read. */
  configUrl: string;
  log?: (line: string) => void;
}

export interface ServerRenderer {
  handle(req: IncomingMessage, res: ServerResponse): Promise<void>;
}

export declare function createRenderer(options: ServerRendererOptions): ServerRenderer;

export interface StaticServer {
  port: number;
  url: string;
  close(): Promise<void>;
}
export interface StaticServerOptions {
  root: string;
  port?: number;
  host?: string;
  name?: string;
}
export function cacheControlFor(relPath: string): string;
export function startStaticServer(options: StaticServerOptions): Promise<StaticServer>;
export function staticFileHandler(options: {
  root: string;
  name?: string;
  notFound?: ((req: import("node:http").IncomingMessage, res: import("node:http").ServerResponse) => unknown) | null;
}): (req: import("node:http").IncomingMessage, res: import("node:http").ServerResponse) => Promise<void>;

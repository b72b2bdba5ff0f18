export interface StaticServer {
  port: number;
  url: string;
  close(): Promise<void>;
}
export interface StaticServerOptions {
  root: string;
  port?: number;
  host?: string;
  cors?: boolean;
  spa?: boolean;
  overrides?: Record<string, () => string | Buffer | Promise<string | Buffer>>;
  name?: string;
}
export function cacheControlFor(relPath: string): string;
export function startStaticServer(options: StaticServerOptions): Promise<StaticServer>;

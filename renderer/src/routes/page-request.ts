import type { RuntimeConfig } from "runtime-config";
import type { Send } from "../http";

/** One request as the renderer answers it: what was asked, under which config, and how to answer. */
export interface PageRequest {
  path: string;
  search: string;
  config: RuntimeConfig;
  /** The site's own URL (config.site.url): every absolute link is made from it. */
  base: string;
  /** Aborted at the read deadline. */
  signal: AbortSignal;
  send: Send;
}

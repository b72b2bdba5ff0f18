// POST /__preview-link: an admin's request for a shareable preview link
// (releases/preview-link-request.ts); JSON, never cached.
import type { IncomingMessage } from "node:http";
import { TEXT, type Send } from "../http";
import { answerPreviewLinkRequest } from "../releases/preview-link-request";
import type { ServedConfig } from "../releases/served-config";

export function createPreviewLinkRoute({ served, secret }: { served: ServedConfig; secret: string | null }) {
  return async function previewLink(req: IncomingMessage, send: Send): Promise<void> {
    const config = await served.current();
    if (!config.site) return send(500, TEXT, "The site is not configured.", { "Cache-Control": "no-store" });
    const answer = await answerPreviewLinkRequest(req, { config, base: config.site.url, secret, now: Date.now() });
    send(answer.status, "application/json; charset=utf-8", JSON.stringify(answer.body), { "Cache-Control": "no-store" });
  };
}

// The subscription endpoints: POST /subscribe (the Subscribe form, with or without JavaScript),
// GET /subscribe/confirm?t= (the confirmation link), GET and POST /unsubscribe?t= (the link in
// each mail, and RFC 8058's one-click POST from mail clients). None is cached.
import type { IncomingMessage } from "node:http";
import { HTML, TEXT, type Send } from "../http";
import { confirm, subscribe, unsubscribe, type SubscriptionContext } from "../mail/subscriptions";
import { SIGNUP_ACCEPTED, SIGNUP_LIMITED, linkPage, signupPage } from "../mail/pages";

export const SUBSCRIBE_PATHS = { subscribe: "/subscribe", confirm: "/subscribe/confirm", unsubscribe: "/unsubscribe" } as const;
const NO_STORE = { "Cache-Control": "no-store" };
const JSON_TYPE = "application/json; charset=utf-8";
const MAX_BODY = 4096;

export const isSubscriptionPath = (path: string) => Object.values(SUBSCRIBE_PATHS).includes(path as never);

/** The request's body, up to MAX_BODY bytes (Cloud Functions has already read it into rawBody). */
async function readBody(req: IncomingMessage): Promise<string | null> {
  const raw = (req as IncomingMessage & { rawBody?: Buffer }).rawBody;
  if (Buffer.isBuffer(raw)) return raw.length > MAX_BODY ? null : raw.toString("utf8");
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY) return null;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString("utf8");
}

function parseForm(body: string, contentType: string): Record<string, unknown> {
  if (contentType.includes("application/json")) {
    try {
      const value = JSON.parse(body) as unknown;
      return value && typeof value === "object" ? (value as Record<string, unknown>) : {};
    } catch {
      return {};
    }
  }
  return Object.fromEntries(new URLSearchParams(body));
}

/**
 * The client a signup is counted against: Firebase Hosting's CDN names the visitor's address in
 * Fastly-Client-IP (it replaces any value the visitor sends); elsewhere the connection's address.
 */
export function clientAddress(req: IncomingMessage): string {
  const header = req.headers["fastly-client-ip"];
  return (typeof header === "string" && header) || req.socket.remoteAddress || "unknown";
}

export type ContextSource = () => Promise<SubscriptionContext | null>;

export function createSubscribeRoute(context: ContextSource, log: (line: string) => void) {
  return async (req: IncomingMessage, send: Send, path: string, search: string): Promise<void> => {
    const method = req.method ?? "GET";
    const wantsJson = String(req.headers.accept ?? "").includes("application/json");
    const ctx = await context().catch((error: unknown) => {
      log(`[renderer] subscriptions unavailable: ${String(error)}`);
      return null;
    });
    if (!ctx) return send(503, TEXT, "Subscriptions are not available right now.", NO_STORE);
    const token = new URLSearchParams(search).get("t") ?? "";
    if (path === SUBSCRIBE_PATHS.subscribe) {
      if (method !== "POST") return send(405, TEXT, "Method not allowed", { ...NO_STORE, Allow: "POST" });
      const body = await readBody(req);
      if (body === null) return send(413, TEXT, "Too large", NO_STORE);
      const result = await subscribe(ctx, parseForm(body, String(req.headers["content-type"] ?? "")), clientAddress(req));
      const status = result.status === "invalid" ? 400 : result.status === "limited" ? 429 : 200;
      if (!wantsJson) return send(status, HTML, signupPage(result), NO_STORE);
      const message = result.status === "accepted" ? SIGNUP_ACCEPTED : result.status === "limited" ? SIGNUP_LIMITED : "Please correct the form.";
      return send(
        status,
        JSON_TYPE,
        JSON.stringify({ status: result.status, message, ...(result.status === "invalid" ? { errors: result.errors } : {}) }),
        NO_STORE,
      );
    }
    if (path === SUBSCRIBE_PATHS.confirm) {
      if (method !== "GET" && method !== "POST") return send(405, TEXT, "Method not allowed", { ...NO_STORE, Allow: "GET, POST" });
      const result = await confirm(ctx, token);
      return send(result.status === "done" ? 200 : 400, HTML, linkPage("confirm", result), NO_STORE);
    }
    if (method !== "GET" && method !== "POST") return send(405, TEXT, "Method not allowed", { ...NO_STORE, Allow: "GET, POST" });
    const result = await unsubscribe(ctx, token);
    const status = result.status === "invalid" || result.status === "expired" ? 400 : 200;
    // RFC 8058's one-click POST comes from a mail client, which reads only the status.
    if (method === "POST") return send(status, TEXT, status === 200 ? "Unsubscribed." : "Invalid link.", NO_STORE);
    return send(status, HTML, linkPage("unsubscribe", result), NO_STORE);
  };
}

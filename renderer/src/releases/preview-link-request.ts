// POST /__preview-link: a signed-in admin asks for a shareable preview link from the admin
// panel's Releases screen (the release command signs its own with the same secret). The request
// carries the admin's Firebase ID token as a Bearer token (never a cookie, so no other site can
// make a visitor's browser ask), checked with the Admin SDK: the custom claim admin: true, which
// the local stack and npm run admin-account give every admin. The candidate must be on an
// origin this site already loads remotes from, or one of its previewOrigins.
import type { IncomingMessage } from "node:http";
import { getApps, initializeApp, type App } from "firebase-admin/app";
import { getAuth } from "firebase-admin/auth";
import { PREVIEW_LINK_PARAM, type LinkPreview } from "release-protocol";
import { PREVIEW_LINK_HOURS, signPreview } from "release-protocol/preview-token";
import type { RuntimeConfig } from "runtime-config";
import { PUBLIC_ROUTES } from "shell/server";
import { originOf, remoteOrigins } from "../csp";
import { readBody } from "./reports";

const MAX_BODY_BYTES = 4096;
const MAX_HOURS = 7 * 24;

export interface PreviewLinkAnswer {
  status: number;
  body: { link: string; preview: LinkPreview } | { error: string };
}

const refuse = (status: number, error: string): PreviewLinkAnswer => ({ status, body: { error } });

function adminApp(projectId: string): App {
  const name = `preview-links-${projectId}`;
  return getApps().find((a) => a.name === name) ?? initializeApp({ projectId }, name);
}

/** Whether the Bearer token is a valid ID token of an admin of this project. */
async function isAdmin(req: IncomingMessage, config: RuntimeConfig): Promise<boolean> {
  const token = /^Bearer (\S+)$/.exec(String(req.headers.authorization ?? ""))?.[1];
  if (!token) return false;
  try {
    return (await getAuth(adminApp(config.firebase.projectId)).verifyIdToken(token)).admin === true;
  } catch {
    return false;
  }
}

/** Where a link to `remote` opens: its first public page with a fixed address, else the home page. */
function firstPageOf(remote: string): string {
  const route = PUBLIC_ROUTES.find((r) => r.remote === remote && !r.path.includes(":"));
  return route ? `/${route.path}` : "/";
}

export async function answerPreviewLinkRequest(
  req: IncomingMessage,
  { config, base, secret, now }: { config: RuntimeConfig; base: string; secret: string | null; now: number },
): Promise<PreviewLinkAnswer> {
  if (!(await isAdmin(req, config))) return refuse(401, "Sign in as an admin to create a preview link.");
  if (!secret) return refuse(503, "This site has no PREVIEW_SECRET, so it cannot sign preview links (shell/README.md, “Sharing a preview”).");
  const text = await readBody(req, MAX_BODY_BYTES);
  if (text === "too large") return refuse(413, "The request is too large.");
  let asked: { remote?: unknown; manifestUrl?: unknown; hours?: unknown };
  try {
    asked = JSON.parse(text) as typeof asked;
  } catch {
    return refuse(400, "The request is not JSON.");
  }
  const { remote, manifestUrl, hours = PREVIEW_LINK_HOURS } = asked ?? {};
  if (typeof remote !== "string" || !(remote in config.remotes)) return refuse(400, "Choose one of this site's parts.");
  if (!PUBLIC_ROUTES.some((r) => r.remote === remote)) return refuse(400, `${remote} renders only in the signed-in area: preview it in this tab instead.`);
  if (typeof manifestUrl !== "string" || !/^https?:\/\/[^/]+\/(.*\/)?mf-manifest\.json$/.test(manifestUrl))
    return refuse(400, "Enter the full address of the candidate's mf-manifest.json.");
  const allowed = [...remoteOrigins(config), ...(config.previewOrigins ?? [])];
  if (!allowed.includes(originOf(manifestUrl) ?? ""))
    return refuse(400, `${originOf(manifestUrl)} is neither a remote's origin of this site nor a preview origin (${allowed.join(", ")}).`);
  if (typeof hours !== "number" || !(hours > 0 && hours <= MAX_HOURS)) return refuse(400, `A link lives from 1 to ${MAX_HOURS} hours.`);
  const issuedAt = Math.floor(now / 1000);
  const expiresAt = issuedAt + Math.round(hours * 3600);
  const token = signPreview({ remote, manifestUrl, issuedAt, expiresAt }, secret);
  const link = `${base}${firstPageOf(remote)}?${PREVIEW_LINK_PARAM}=${token}`;
  return { status: 200, body: { link, preview: { remote, manifestUrl, expiresAt: expiresAt * 1000 } } };
}

// The admin's requests to the renderer's mail endpoints (renderer/src/routes/admin-mail.ts): the
// signed-in admin's ID token as a Bearer token; the answers are sentences the page shows as they are.
import { currentIdToken } from "shared-auth";
import { ADMIN_MAIL_ENDPOINTS, SUBSCRIPTION_LIMITS } from "../subscriptions";

export type MailRequestResult = { ok: true; message: string } | { ok: false; message: string };

async function post(endpoint: string, body: unknown): Promise<MailRequestResult> {
  const token = await currentIdToken().catch(() => null);
  if (!token) return { ok: false, message: "You are signed out. Sign in again, then retry." };
  let response: Response;
  try {
    response = await fetch(endpoint, {
      method: "POST",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(body),
    });
  } catch {
    return { ok: false, message: "The site's server could not be reached. Check your connection and try again." };
  }
  const answer = (await response.json().catch(() => null)) as { message?: string; error?: string } | null;
  if (response.ok) return { ok: true, message: answer?.message ?? "Done." };
  return { ok: false, message: answer?.error ?? `The server could not do it (HTTP ${response.status}). Try again in a moment.` };
}

/** The post's email, as it would go out now, sent to the signed-in admin's own address. */
export const sendTestMail = (slug: string): Promise<MailRequestResult> => post(ADMIN_MAIL_ENDPOINTS.test, { slug });

/**
 * Confirmation emails to imported pending subscribers, a batch per request; `onProgress` hears how
 * many ids have been handled. Stops at the first refused batch (its message is the result's).
 */
export async function sendImportConfirmations(ids: readonly string[], onProgress?: (done: number) => void): Promise<MailRequestResult> {
  const size = SUBSCRIPTION_LIMITS.confirmationsPerRequest;
  for (let i = 0; i < ids.length; i += size) {
    const result = await post(ADMIN_MAIL_ENDPOINTS.confirmations, { ids: ids.slice(i, i + size) });
    if (!result.ok) return { ok: false, message: `${result.message} Confirmation emails went to ${i} of ${ids.length} address(es).` };
    onProgress?.(Math.min(i + size, ids.length));
  }
  return { ok: true, message: `Confirmation emails sent to ${ids.length} address(es).` };
}

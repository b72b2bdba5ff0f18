// The mail job's runner: what the scheduled function (`sendPostMails`, function.ts) and the local
// stack's scheduler process run every minute. The site's address and its pictures' storage come
// from the runtime config (RUNTIME_CONFIG_URL), as for the renderer; SITE_URL stands in without one.
import { mediaStorageOf } from "shared-content/mail";
import type { MailServices } from "./context";
import { runMailJob, type MailJobRun } from "./send-posts";

/** One run's time budget and the pause between two mails (MAIL_PAUSE_MS, default 100 ms: 10 a second). */
export interface MailJobTiming {
  budgetMs: number;
  pauseMs: number;
}

export function mailJobTiming(env: NodeJS.ProcessEnv, budgetMs: number): MailJobTiming {
  const pauseMs = Number(env.MAIL_PAUSE_MS ?? 100);
  if (!Number.isFinite(pauseMs) || pauseMs < 0) throw new Error(`MAIL_PAUSE_MS=${env.MAIL_PAUSE_MS} must be a number of ms`);
  return { budgetMs, pauseMs };
}

async function siteOf(env: NodeJS.ProcessEnv): Promise<{ base: string; config: Parameters<typeof mediaStorageOf>[0] | null }> {
  if (env.RUNTIME_CONFIG_URL) {
    const res = await fetch(env.RUNTIME_CONFIG_URL, { signal: AbortSignal.timeout(5000) });
    if (!res.ok) throw new Error(`${env.RUNTIME_CONFIG_URL}: ${res.status}`);
    const config = (await res.json()) as Parameters<typeof mediaStorageOf>[0] & { site?: { url?: string } };
    if (config.site?.url) return { base: config.site.url.replace(/\/+$/, ""), config };
  }
  if (env.SITE_URL) return { base: env.SITE_URL.replace(/\/+$/, ""), config: null };
  throw new Error("The mail job has no site address: RUNTIME_CONFIG_URL (with site.url) or SITE_URL");
}

export async function runMailJobOnce(services: MailServices, env: NodeJS.ProcessEnv, timing: MailJobTiming, log?: (line: string) => void): Promise<MailJobRun> {
  const { base, config } = await siteOf(env);
  return runMailJob({
    db: services.db,
    send: services.send,
    secret: services.settings.secret,
    base,
    siteName: await services.siteName(),
    media: config ? mediaStorageOf(config) : null,
    deadline: Date.now() + timing.budgetMs,
    pauseMs: timing.pauseMs,
    ...(log ? { log } : {}),
  });
}

// A visitor's cohort for canary releases (docs/releases.md: canaries). The server
// chooses it: a random visitor id kept in the `__session` cookie (the only cookie Firebase Hosting
// forwards to functions; selection.ts reads and writes it), hashed with the canary's
// release id into a bucket 0..99. The same visitor
// stays in the same cohort of one canary across requests and days; two canaries split visitors
// independently. The browser never computes it: the page it gets names the manifest to load.
import { createHash, randomBytes } from "node:crypto";

/** A year: a cohort outlives any canary. */
export const VISITOR_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

const VISITOR_ID = /^[A-Za-z0-9_-]{16,64}$/;

/** Whether `value` is a visitor id this site made (the cookie selection.ts reads may hold anything). */
export const isVisitorId = (value: string): boolean => VISITOR_ID.test(value);

/** A fresh visitor id: 128 random bits. */
export const newVisitorId = (): string => randomBytes(16).toString("base64url");

/** The visitor's bucket for one canary, 0..99: the first 32 bits of sha256(release id, visitor id), mod 100. */
export function cohortBucket(release: string, visitorId: string): number {
  return createHash("sha256").update(`${release}\n${visitorId}`).digest().readUInt32BE(0) % 100;
}

/** Whether the visitor gets the candidate of a canary serving `percent` % of visitors. */
export const inCanary = (release: string, percent: number, visitorId: string): boolean => cohortBucket(release, visitorId) < percent;

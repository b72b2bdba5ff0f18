// The one public write, a REST PATCH (no SDK for visitors), made as the visitor's anonymous
// identity (visitor-identity.ts). The rules accept one pending submission per uid, stamped
// with the server's now together with the visitor's rate-limit marker, and another only
// LIMITS.submission.minIntervalMs after the last: the refusals are told apart here.
import { getRuntimeConfig } from "shared-auth";
import { formatClock } from "./dates";
import { ContentError } from "./errors";
import { parseInput, stripEmpty } from "./input";
import { LIMITS } from "./limits";
import { restUrl } from "./live/rest-stream";
import { submissionPath, submitterPath } from "./paths";
import { RecommendationSubmissionInputSchema, type RecommendationSubmissionInput } from "./schemas";
import { saveVisitorIdentity, visitorIdentity } from "./visitor-identity";

/** No answer within this time: reported as unavailable (the write may not have arrived). */
const TIMEOUT_MS = 15_000;
const NOW = { ".sv": "timestamp" };

const tooSoon = (nextAt: number) =>
  new ContentError(
    "permission-denied",
    `You sent a recommendation a few minutes ago. You can send another after ${formatClock(nextAt)}; your text is still here.`,
  );

/** Validates, then stores a pending submission; resolves with its id (the visitor's uid). Throws ContentError. */
export async function submitRecommendation(input: RecommendationSubmissionInput): Promise<string> {
  const value = stripEmpty(parseInput(RecommendationSubmissionInputSchema, input));
  const config = getRuntimeConfig();
  const identity = await visitorIdentity(config);
  // Within the interval the rules refuse for certain: say so without a request (whose 401 the
  // browser would log as an error).
  const nextAt = identity.lastSubmittedAt === undefined ? undefined : identity.lastSubmittedAt + LIMITS.submission.minIntervalMs;
  if (nextAt !== undefined && nextAt > Date.now()) throw tooSoon(nextAt);
  const url = new URL(restUrl(config, ""));
  url.searchParams.set("auth", identity.idToken);
  let response: Response;
  try {
    response = await fetch(url, {
      method: "PATCH",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ [submissionPath(identity.uid)]: { ...value, createdAt: NOW }, [submitterPath(identity.uid)]: NOW }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    throw new ContentError("unavailable", undefined, { cause: error });
  }
  if (response.status === 401 || response.status === 403) {
    // Valid input is refused only for one of the two limits, and the interval was checked above.
    throw new ContentError(
      "permission-denied",
      "You already have a recommendation waiting for approval. You can send another once it has been reviewed; your text is still here.",
    );
  }
  if (response.status >= 500) throw new ContentError("unavailable");
  if (!response.ok) throw new ContentError("unknown");
  saveVisitorIdentity({ ...identity, lastSubmittedAt: Date.now() });
  return identity.uid;
}

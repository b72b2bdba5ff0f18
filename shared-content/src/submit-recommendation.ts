// The one public write, a REST POST (no SDK for visitors). The rules accept a submission only
// when createdAt equals the server's now, hence the server-value placeholder.
import { getRuntimeConfig } from "shared-auth";
import { ContentError } from "./errors";
import { parseInput, stripEmpty } from "./input";
import { restUrl } from "./live/rest-stream";
import { PATHS } from "./paths";
import { RecommendationSubmissionInputSchema, type RecommendationSubmissionInput } from "./schemas";

/** No answer within this time: reported as unavailable (the POST may not have arrived). */
const TIMEOUT_MS = 15_000;

/** Validates, then stores a pending submission; resolves with its id. Throws ContentError. */
export async function submitRecommendation(input: RecommendationSubmissionInput): Promise<string> {
  const value = stripEmpty(parseInput(RecommendationSubmissionInputSchema, input));
  let response: Response;
  try {
    response = await fetch(restUrl(getRuntimeConfig(), PATHS.submissions), {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ ...value, createdAt: { ".sv": "timestamp" } }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    throw new ContentError("unavailable", undefined, { cause: error });
  }
  if (response.status === 401 || response.status === 403) throw new ContentError("permission-denied");
  if (response.status >= 500) throw new ContentError("unavailable");
  const body = (await response.json().catch(() => null)) as { name?: unknown } | null;
  if (!response.ok || typeof body?.name !== "string") throw new ContentError("unknown");
  return body.name;
}

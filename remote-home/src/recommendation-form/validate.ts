import { LIMITS as ALL_LIMITS, URL_PATTERN } from "shared-content";

/** The limits database.rules.json enforces on recommendationSubmissions (one source). */
export const LIMITS = ALL_LIMITS.submission;

export interface RecommendationDraft {
  fullName: string;
  role: string;
  relationship: string;
  text: string;
  link: string;
}

export type FieldErrors = Partial<Record<keyof RecommendationDraft, string>>;

export const EMPTY_DRAFT: RecommendationDraft = { fullName: "", role: "", relationship: "", text: "", link: "" };

const LABELS: Record<keyof RecommendationDraft, string> = {
  fullName: "Your name",
  role: "Your role",
  relationship: "How we worked together",
  text: "Recommendation",
  link: "Link",
};

function lengthError(field: "fullName" | "role" | "relationship" | "text", value: string): string | undefined {
  const { min, max } = LIMITS[field];
  const len = value.trim().length;
  if (len === 0) return `${LABELS[field]} is required.`;
  if (len < min) return `${LABELS[field]} needs at least ${min} characters (now ${len}).`;
  if (len > max) return `${LABELS[field]} can be at most ${max} characters (now ${len}).`;
  return undefined;
}

/** Same checks as database.rules.json, so a draft that passes here is one the rules accept. */
export function validateDraft(d: RecommendationDraft): FieldErrors {
  const errors: FieldErrors = {};
  for (const f of ["fullName", "role", "relationship", "text"] as const) {
    const e = lengthError(f, d[f]);
    if (e) errors[f] = e;
  }
  const link = d.link.trim();
  if (link) {
    if (link.length > LIMITS.link.max) errors.link = `The link can be at most ${LIMITS.link.max} characters.`;
    else if (!URL_PATTERN.test(link)) errors.link = "The link must start with https:// or http://.";
  }
  return errors;
}

/** The draft as it is sent: every field without surrounding spaces. */
export function trimDraft(d: RecommendationDraft): RecommendationDraft {
  return { fullName: d.fullName.trim(), role: d.role.trim(), relationship: d.relationship.trim(), text: d.text.trim(), link: d.link.trim() };
}

import { describe, expect, it } from "vitest";
import { EMPTY_DRAFT, LIMITS, validateDraft } from "./validate";

const good = { fullName: "Bo Lee", role: "CTO at Acme", relationship: "Managed me", text: "x".repeat(LIMITS.text.min), link: "" };

describe("validateDraft", () => {
  it("accepts a complete draft, with or without a link", () => {
    expect(validateDraft(good)).toEqual({});
    expect(validateDraft({ ...good, link: "https://linkedin.com/in/bo" })).toEqual({});
  });

  it("requires every field but the link", () => {
    expect(Object.keys(validateDraft(EMPTY_DRAFT))).toEqual(["fullName", "role", "relationship", "text"]);
    expect(validateDraft(EMPTY_DRAFT).fullName).toBe("Your name is required.");
  });

  it("uses the rules' limits", () => {
    expect(validateDraft({ ...good, fullName: "B" }).fullName).toMatch(`at least ${LIMITS.fullName.min}`);
    expect(validateDraft({ ...good, text: "x".repeat(LIMITS.text.min - 1) }).text).toMatch(`at least ${LIMITS.text.min}`);
    expect(validateDraft({ ...good, text: "x".repeat(LIMITS.text.max + 1) }).text).toMatch(`at most ${LIMITS.text.max}`);
    expect(validateDraft({ ...good, role: "r".repeat(LIMITS.role.max + 1) }).role).toBeDefined();
    expect(validateDraft({ ...good, link: `https://e.com/${"a".repeat(LIMITS.link.max)}` }).link).toMatch(`at most ${LIMITS.link.max}`);
  });

  it("accepts only http(s) links", () => {
    expect(validateDraft({ ...good, link: "javascript:alert(1)" }).link).toMatch(/https:\/\//);
    expect(validateDraft({ ...good, link: "linkedin.com/in/bo" }).link).toBeDefined();
  });
});

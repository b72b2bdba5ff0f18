import { describe, expect, it } from "vitest";
import { signLink, verifyLink } from "./tokens";

const SECRET = "test-secret-0123456789";

describe("signed subscription links", () => {
  it("accepts its own link for its action until it expires", () => {
    const token = signLink(SECRET, { action: "confirm", id: "abcdefghijklmnopqrstuv", expires: 2000 });
    expect(verifyLink(SECRET, token, "confirm", 1000)).toEqual({ ok: true, claims: { action: "confirm", id: "abcdefghijklmnopqrstuv", expires: 2000 } });
    expect(verifyLink(SECRET, token, "confirm", 2001)).toEqual({ ok: false, reason: "expired" });
  });

  it("refuses another action, another secret, a changed payload or signature", () => {
    const token = signLink(SECRET, { action: "unsubscribe", id: "abcdefghijklmnopqrstuv" });
    expect(verifyLink(SECRET, token, "unsubscribe").ok).toBe(true);
    expect(verifyLink(SECRET, token, "confirm")).toEqual({ ok: false, reason: "invalid" });
    expect(verifyLink("another-secret", token, "unsubscribe")).toEqual({ ok: false, reason: "invalid" });
    const [payload, signature] = token.split(".") as [string, string];
    const forged = Buffer.from(JSON.stringify({ a: "unsubscribe", s: "ZZZZZZZZZZZZZZZZZZZZZZ" })).toString("base64url");
    expect(verifyLink(SECRET, `${forged}.${signature}`, "unsubscribe").ok).toBe(false);
    expect(verifyLink(SECRET, `${payload}.${signature.slice(0, -1)}A`, "unsubscribe").ok).toBe(false);
    expect(verifyLink(SECRET, `${payload}.${signature}.x`, "unsubscribe").ok).toBe(false);
    expect(verifyLink("", token, "unsubscribe").ok).toBe(false);
  });
});

import { describe, expect, it } from "vitest";
import { signPreview, verifyPreview, type PreviewGrant } from "./preview-token";

const secret = "s".repeat(40);
const grant: PreviewGrant = {
  remote: "remote_blog",
  manifestUrl: "https://blog.example/previews/1.4.0-ab/mf-manifest.json",
  issuedAt: 1000,
  expiresAt: 1000 + 86_400,
};

describe("preview link tokens", () => {
  it("accepts a token signed with the secret, before it expires, and gives its grant back", () => {
    expect(verifyPreview(signPreview(grant, secret), secret, { now: 2000 })).toEqual({ grant });
  });

  it("refuses an altered payload, an altered signature, a wrong secret and no secret", () => {
    const token = signPreview(grant, secret);
    const [body, signature] = token.split(".");
    const otherBody = Buffer.from(JSON.stringify({ r: "remote_blog", m: "https://evil.example/mf-manifest.json", i: 1000, e: 1000 + 86_400 })).toString(
      "base64url",
    );
    expect(verifyPreview(`${otherBody}.${signature}`, secret, { now: 2000 })).toEqual({ refused: "invalid" });
    expect(verifyPreview(`${body}.${signature!.slice(0, -2)}xx`, secret, { now: 2000 })).toEqual({ refused: "invalid" });
    expect(verifyPreview(token, "t".repeat(40), { now: 2000 })).toEqual({ refused: "invalid" });
    expect(verifyPreview(token, null, { now: 2000 })).toEqual({ refused: "invalid" });
    expect(verifyPreview("not-a-token", secret, { now: 2000 })).toEqual({ refused: "invalid" });
    expect(verifyPreview(`${token}.extra`, secret, { now: 2000 })).toEqual({ refused: "invalid" });
  });

  it("refuses an expired token, and one issued before its remote's previews were revoked", () => {
    const token = signPreview(grant, secret);
    expect(verifyPreview(token, secret, { now: grant.expiresAt })).toEqual({ refused: "expired" });
    expect(verifyPreview(token, secret, { now: 2000, revokedBefore: { remote_blog: 1001 } })).toEqual({ refused: "revoked" });
    expect(verifyPreview(token, secret, { now: 2000, revokedBefore: { remote_home: 5000, remote_blog: 1000 } })).toEqual({ grant });
  });

  it("refuses to sign with a short secret", () => {
    expect(() => signPreview(grant, "short")).toThrow(/at least 32 characters/);
  });
});

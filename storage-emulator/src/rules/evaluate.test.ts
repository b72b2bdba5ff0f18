// Evaluation as Firebase does it: any true allow grants, errors deny, wildcards bind, and the
// project's rules decide as docs/architecture.md ("Pictures") says.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { Method } from "./ast.js";
import { evaluate, type RulesRequest } from "./evaluate.js";
import { parseRules } from "./parse.js";

const project = parseRules(fs.readFileSync(path.resolve(import.meta.dirname, "../../../storage.rules"), "utf8"));
const admin = { uid: "a", token: { admin: true, sub: "a" } };
const user = { uid: "u", token: { sub: "u" } };
const image = (size: number, contentType: string) => ({ name: "x", bucket: "b", size, contentType, metadata: {} });

function request(
  name: string,
  method: Method,
  auth: RulesRequest["auth"],
  requestResource: RulesRequest["requestResource"] = null,
  resource: RulesRequest["resource"] = null,
): RulesRequest {
  return { path: ["b", "bucket", "o", ...(name ? name.split("/") : [])], method, auth, requestResource, resource };
}
const allowed = (rules: ReturnType<typeof parseRules>, r: RulesRequest) => evaluate(rules, r).allowed;

describe("the project's storage.rules", () => {
  const variant = "media/0123456789abcdef-10x10/320.webp";
  it.each([
    ["anyone reads a variant", request(variant, "get", null), true],
    ["the admin creates a WebP of 10 MB", request(variant, "create", admin, image(10 * 1024 * 1024, "image/webp")), true],
    ["the admin creates a JPEG", request(variant, "create", admin, image(1, "image/jpeg")), true],
    ["not 10 MB and a byte", request(variant, "create", admin, image(10 * 1024 * 1024 + 1, "image/webp")), false],
    ["not a PNG", request(variant, "create", admin, image(1, "image/png")), false],
    ["not image/jpeg2000", request(variant, "create", admin, image(1, "image/jpeg2000")), false],
    ["not a signed-in non-admin", request(variant, "create", user, image(1, "image/webp")), false],
    ["not a visitor", request(variant, "create", null, image(1, "image/webp")), false],
    ["a claim that is not true", request(variant, "create", { uid: "x", token: { admin: "true" } }, image(1, "image/webp")), false],
    ["the admin deletes", request(variant, "delete", admin), true],
    ["a user does not delete", request(variant, "delete", user), false],
    ["nobody updates", request(variant, "update", admin, image(1, "image/webp"), image(1, "image/webp")), false],
    ["the admin lists media/", request("media", "list", admin), true],
    ["the admin lists one picture's folder", request("media/0123456789abcdef-10x10", "list", admin), true],
    ["a visitor does not list", request("media", "list", null), false],
    ["nobody lists the root", request("", "list", admin), false],
    ["nothing outside media/", request("other/x.webp", "get", admin), false],
    ["no deeper paths", request("media/a/b/c.webp", "create", admin, image(1, "image/webp")), false],
  ])("%s", (_what, r, expected) => {
    expect(allowed(project, r)).toBe(expected);
  });

  it("says which line allowed, or why nothing did", () => {
    expect(evaluate(project, request(variant, "get", null)).reason).toMatch(/^allowed by line \d+$/);
    expect(evaluate(project, request(variant, "create", null, image(1, "image/webp"))).reason).toMatch(/^no allow statement for create was true \(line \d+\)$/);
    expect(evaluate(project, request(variant, "create", user, image(1, "image/webp"))).reason).toMatch(
      /^no allow statement for create was true \(line \d+: no field admin\)$/,
    );
    expect(evaluate(project, request(variant, "update", admin, image(1, "image/webp"))).reason).toBe("no allow statement for update matches this path");
  });
});

describe("evaluation", () => {
  const rules = (body: string) =>
    parseRules(`rules_version = '2';
service firebase.storage {
  match /b/{bucket}/o {
${body}
  }
}`);

  it("binds wildcards, and {rest=**} matches zero or more segments", () => {
    const r = rules(`    match /users/{uid}/{rest=**} {
      allow get: if request.auth.uid == uid && rest.size() >= 0;
    }`);
    expect(allowed(r, request("users/u/a/b/c", "get", user))).toBe(true);
    expect(allowed(r, request("users/u", "get", user))).toBe(true);
    expect(allowed(r, request("users/v/a", "get", user))).toBe(false);
  });

  it("without rules_version (version 1), {rest=**} matches one or more segments and nothing may list", () => {
    const r = parseRules(`service firebase.storage {
  match /b/{bucket}/o {
    match /users/{uid}/{rest=**} {
      allow read: if request.auth.uid == uid;
    }
  }
}`);
    expect(r.version).toBe(1);
    expect(allowed(r, request("users/u/a/b", "get", user))).toBe(true);
    expect(allowed(r, request("users/u", "get", user))).toBe(false);
    expect(evaluate(r, request("users/u/a", "list", user))).toEqual({ allowed: false, reason: "listing needs rules_version = '2'" });
    // The rules @firebase/rules-unit-testing's own tests load: they parse, and deny everything.
    const denyAll = parseRules(`service firebase.storage {
        match /b/{bucket}/o {
          match /{allPaths=**} {
            allow read, write: if false;
          }
        }
      }`);
    expect(allowed(denyAll, request("a/b", "get", user))).toBe(false);
  });

  it("an error denies, and && / || short-circuit around it", () => {
    const r = rules(`    match /a/{x} {
      allow get: if request.auth.token.admin == true;
      allow list: if request.auth == null || request.auth.token.admin == true;
      allow delete: if !(request.auth.token.missing == 1);
    }`);
    expect(allowed(r, request("a/1", "get", null))).toBe(false); // field of null: error, denied
    expect(allowed(r, request("a/1", "get", user))).toBe(false); // missing key: error, denied
    expect(allowed(r, request("a/1", "list", null))).toBe(true);
    expect(allowed(r, request("a/1", "delete", user))).toBe(false); // ! of an error is still an error
  });

  it("arithmetic, comparison, in, size() and whole-string matches()", () => {
    const r = rules(`    match /a/{x} {
      allow create: if request.resource.size < 2 * 1024 + 1
        && 'k' in request.resource.metadata
        && request.resource.metadata.k in ['v', 'w']
        && request.resource.metadata.size() == 1
        && x.matches('[0-9]+[.]webp');
    }`);
    const res = (size: number, metadata: Record<string, string>) => ({ ...image(size, "image/webp"), metadata });
    expect(allowed(r, request("a/12.webp", "create", null, res(2048, { k: "w" })))).toBe(true);
    expect(allowed(r, request("a/12.webp", "create", null, res(2049, { k: "w" })))).toBe(false);
    expect(allowed(r, request("a/12.webp", "create", null, res(1, { k: "z" })))).toBe(false);
    expect(allowed(r, request("a/12.webp", "create", null, res(1, { k: "v", j: "v" })))).toBe(false);
    expect(allowed(r, request("a/x12.webp", "create", null, res(1, { k: "v" })))).toBe(false);
  });

  it("read covers get and list, write covers create, update and delete; nothing else is granted", () => {
    const r = rules(`    match /a/{x} {
      allow read;
      allow write: if false;
    }`);
    expect((["get", "list"] as const).map((m) => allowed(r, request("a/1", m, null)))).toEqual([true, true]);
    expect((["create", "update", "delete"] as const).map((m) => allowed(r, request("a/1", m, admin, image(1, "a/b"))))).toEqual([false, false, false]);
    expect(allowed(r, request("b/1", "get", null))).toBe(false);
  });
});

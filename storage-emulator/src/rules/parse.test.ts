// The parser refuses, naming the line and the construct, everything this server cannot enforce.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseRules } from "./parse.js";
import { RulesError } from "./tokenize.js";

const wrap = (body: string) => `rules_version = '2';
service firebase.storage {
  match /b/{bucket}/o {
${body}
  }
}`;

function refusal(text: string): string {
  try {
    parseRules(text);
  } catch (error) {
    expect(error).toBeInstanceOf(RulesError);
    return (error as Error).message;
  }
  throw new Error("the rules were accepted");
}

describe("parseRules", () => {
  it("accepts the project's storage.rules", () => {
    const text = fs.readFileSync(path.resolve(import.meta.dirname, "../../../storage.rules"), "utf8");
    const rules = parseRules(text);
    expect(rules.matches).toHaveLength(1);
    expect(rules.matches[0]!.matches.map((m) => m.path.map((s) => (s.kind === "literal" ? s.value : s.kind)).join("/"))).toEqual([
      "media/single/single",
      "media/rest",
    ]);
  });

  it.each([
    ["rules_version = '3';\nservice firebase.storage {}", "line 1", 'rules_version "3" is not supported'],
    ["rules_version = '2';\nservice cloud.firestore {}", "line 2", "service cloud.firestore is not supported"],
    [wrap("    match /a/{x} {\n      allow read: if firestore.get(/databases/x).data.ok;\n    }"), "line 5", "firestore"],
    [wrap("    match /a/{x} {\n      allow read: if request.time < timestamp.value(0);\n    }"), "line 5", "request.time is not supported"],
    [wrap("    match /a/{x} {\n      allow read: if request.auth.token.email.lower() == 'a';\n    }"), "line 5", "the method lower() is not supported"],
    [wrap("    match /a/{x} {\n      allow read: if request.auth != null ? true : false;\n    }"), "line 5", "conditional operator"],
    [wrap("    match /a/{x} {\n      allow read: if x is string;\n    }"), "line 5", "type checks with is"],
    [wrap("    function f() {\n      let a = 1;\n      return a == 1;\n    }"), "line 5", "let bindings"],
    [wrap("    match /a/{x=**}/b {\n      allow read;\n    }"), "line 4", "must be the last segment"],
    [wrap("    match /a/img*.png {\n      allow read;\n    }"), "line 4", "path segment img*.png"],
    [wrap("    match /a/{x} {\n      allow writes: if true;\n    }"), "line 5", '"writes" is not a Storage method'],
    [wrap("    match /a/{x} {\n      allow read: if y == 1;\n    }"), "line 5", "y is not a variable here"],
    [wrap("    match /a/{x} {\n      allow read: if undefinedFn();\n    }"), "line 5", "undefinedFn() is not a function declared"],
    [wrap("    match /a/{x} {\n      deny read;\n    }"), "line 5", "only allow, match and function"],
    [wrap("    match /a/{x} {\n      allow read: if 'unclosed;\n    }"), "line 5", "string is not closed"],
    [wrap("    match /a/{x} {\n      allow read: if 1 < 2 < 3;\n    }"), "line 5", 'expected ";"'],
  ])("refuses %#: %s", (text, line, words) => {
    const message = refusal(text);
    expect(message).toContain(line);
    expect(message).toContain(words);
  });

  it("takes comments, both quote styles, functions with parameters and a function declared after its use", () => {
    const rules = parseRules(
      wrap(`    // a comment
    match /a/{x} { /* inline */
      allow get: if small(request.resource.size, 10) && x.matches("[a-z]+");
    }
    function small(size, limit) { return size <= limit; }`),
    );
    expect(rules.matches[0]!.matches[0]!.allows[0]!.methods).toEqual(["get"]);
  });
});

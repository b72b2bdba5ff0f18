// The parsed rules: the subset of the Firebase Security Rules language for Storage that this
// server enforces (README.md, "Rules"). Anything else is refused by the parser.

export type Method = "get" | "list" | "create" | "update" | "delete";
export const METHODS_OF: Record<string, Method[]> = {
  read: ["get", "list"],
  write: ["create", "update", "delete"],
  get: ["get"],
  list: ["list"],
  create: ["create"],
  update: ["update"],
  delete: ["delete"],
};

export type Expr =
  | { kind: "literal"; value: null | boolean | number | string; line: number }
  | { kind: "list"; items: Expr[]; line: number }
  | { kind: "ident"; name: string; line: number }
  | { kind: "member"; object: Expr; property: string; line: number }
  | { kind: "index"; object: Expr; index: Expr; line: number }
  | { kind: "call"; name: string; args: Expr[]; line: number }
  | { kind: "method"; object: Expr; name: "matches" | "size"; args: Expr[]; line: number }
  | { kind: "unary"; op: "!" | "-"; operand: Expr; line: number }
  | { kind: "binary"; op: BinaryOp; left: Expr; right: Expr; line: number };

export type BinaryOp = "||" | "&&" | "==" | "!=" | "<" | "<=" | ">" | ">=" | "in" | "+" | "-" | "*" | "/" | "%";

/** One path segment of a match: a literal, a {single} wildcard, or a {rest=**} wildcard (last only). */
export type Segment = { kind: "literal"; value: string } | { kind: "single"; name: string } | { kind: "rest"; name: string };

export interface FunctionDecl {
  name: string;
  params: string[];
  body: Expr;
  line: number;
}

export interface Allow {
  methods: Method[];
  /** null: `allow read;` without a condition. */
  condition: Expr | null;
  line: number;
}

export interface MatchBlock {
  path: Segment[];
  allows: Allow[];
  matches: MatchBlock[];
  functions: FunctionDecl[];
  line: number;
}

export interface Ruleset {
  /** rules_version: a file without one is version 1, where {name=**} matches one or more segments and nothing may list. */
  version: 1 | 2;
  functions: FunctionDecl[];
  matches: MatchBlock[];
}

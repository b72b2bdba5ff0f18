// The rules, compiled once: parse (refusing what this server cannot enforce) and evaluate.
import type { Ruleset } from "./ast.js";
import { evaluate, type Decision, type RulesRequest } from "./evaluate.js";
import { parseRules } from "./parse.js";

export { RulesError } from "./tokenize.js";
export type { Method } from "./ast.js";
export type { Decision, RulesRequest } from "./evaluate.js";

export interface CompiledRules {
  text: string;
  check(request: RulesRequest): Decision;
}

/** Parses rules text; throws a RulesError naming the line and construct when it cannot be enforced. */
export function compileRules(text: string): CompiledRules {
  const ruleset: Ruleset = parseRules(text);
  return { text, check: (request) => evaluate(ruleset, request) };
}

// Parses storage.rules into the ast.ts tree, and refuses, naming the construct and its line,
// anything outside the supported subset: an unsupported construct must never be read as
// "allow" (or silently ignored).
import { METHODS_OF, type Allow, type BinaryOp, type Expr, type FunctionDecl, type MatchBlock, type Method, type Ruleset, type Segment } from "./ast.js";
import { RulesError, tokenize, type Token } from "./tokenize.js";

/** The names an expression may read, where it stands. */
interface Scope {
  variables: Set<string>;
  functions: Map<string, FunctionDecl>;
}

const REQUEST_FIELDS = new Set(["auth", "resource"]);

class Parser {
  private pos = 0;
  constructor(private readonly tokens: Token[]) {}

  parseFile(): Ruleset {
    // Firebase reads a file without rules_version as version 1.
    let version: 1 | 2 = 1;
    if (this.isIdent("rules_version")) {
      const line = this.next().line;
      this.expectPunct("=");
      const given = this.next();
      if (given.type !== "string" || (given.value !== "1" && given.value !== "2"))
        throw new RulesError(`rules_version ${JSON.stringify(given.value)} is not supported: use rules_version = '2'`, line);
      version = given.value === "1" ? 1 : 2;
      this.expectPunct(";");
    }
    const service = this.expectIdent("service");
    const name = [this.expectAnyIdent()];
    while (this.isPunct(".")) {
      this.next();
      name.push(this.expectAnyIdent());
    }
    if (name.join(".") !== "firebase.storage")
      throw new RulesError(`service ${name.join(".")} is not supported: this file is for service firebase.storage`, service.line);
    this.expectPunct("{");
    const scope: Scope = { variables: new Set(), functions: new Map() };
    const ruleset: Ruleset = { version, functions: [], matches: [] };
    // Functions first, so a match may call one declared below it, as in Firebase.
    this.declareFunctionsAhead(scope);
    while (!this.isPunct("}")) {
      if (this.isIdent("function")) ruleset.functions.push(this.parseFunction(scope));
      else if (this.isIdent("match")) ruleset.matches.push(this.parseMatch(scope));
      else this.unsupported("at the service level only match blocks and functions are supported");
    }
    this.expectPunct("}");
    if (this.peek().type !== "eof") this.unsupported("nothing may follow the service block");
    return ruleset;
  }

  /** Registers the functions of the block that starts here (their bodies are checked later). */
  private declareFunctionsAhead(scope: Scope): void {
    let depth = 0;
    for (let p = this.pos; p < this.tokens.length; p++) {
      const token = this.tokens[p]!;
      if (token.type === "punct" && token.value === "{") depth += 1;
      if (token.type === "punct" && token.value === "}") {
        if (depth === 0) break;
        depth -= 1;
      }
      if (depth === 0 && token.type === "ident" && token.value === "function") {
        const name = this.tokens[p + 1];
        if (name?.type !== "ident") continue;
        let arity = 0;
        for (let q = p + 3; q < this.tokens.length && !(this.tokens[q]!.type === "punct" && this.tokens[q]!.value === ")"); q++) {
          if (this.tokens[q]!.type === "ident") arity += 1;
        }
        scope.functions.set(name.value, {
          name: name.value,
          params: new Array<string>(arity).fill(""),
          body: { kind: "literal", value: null, line: name.line },
          line: name.line,
        });
      }
    }
  }

  private parseFunction(outer: Scope): FunctionDecl {
    const line = this.expectIdent("function").line;
    const name = this.expectAnyIdent();
    this.expectPunct("(");
    const params: string[] = [];
    while (!this.isPunct(")")) {
      params.push(this.expectAnyIdent());
      if (!this.isPunct(")")) this.expectPunct(",");
    }
    this.expectPunct(")");
    this.expectPunct("{");
    if (this.isIdent("let")) this.unsupported("let bindings in functions are not supported");
    this.expectIdent("return");
    const scope: Scope = { variables: new Set([...outer.variables, ...params]), functions: outer.functions };
    const body = this.parseExpr(scope);
    this.expectPunct(";");
    this.expectPunct("}");
    const decl: FunctionDecl = { name, params, body, line };
    outer.functions.set(name, decl);
    return decl;
  }

  private parseMatch(outer: Scope): MatchBlock {
    const line = this.expectIdent("match").line;
    const pathToken = this.next();
    if (pathToken.type !== "path") throw new RulesError("match must be followed by a path starting with /", line);
    const path = parsePath(pathToken.value, line);
    const variables = new Set(outer.variables);
    for (const segment of path) if (segment.kind !== "literal") variables.add(segment.name);
    const scope: Scope = { variables, functions: new Map(outer.functions) };
    this.expectPunct("{");
    const block: MatchBlock = { path, allows: [], matches: [], functions: [], line };
    this.declareFunctionsAhead(scope);
    while (!this.isPunct("}")) {
      if (this.isIdent("allow")) block.allows.push(this.parseAllow(scope));
      else if (this.isIdent("match")) block.matches.push(this.parseMatch(scope));
      else if (this.isIdent("function")) block.functions.push(this.parseFunction(scope));
      else this.unsupported("inside a match block only allow, match and function are supported");
    }
    this.expectPunct("}");
    return block;
  }

  private parseAllow(scope: Scope): Allow {
    const line = this.expectIdent("allow").line;
    const methods: Method[] = [];
    for (;;) {
      const token = this.next();
      const method = token.type === "ident" ? METHODS_OF[token.value] : undefined;
      if (!method) throw new RulesError(`${JSON.stringify(token.value)} is not a Storage method (read, write, get, list, create, update, delete)`, token.line);
      methods.push(...method);
      if (!this.isPunct(",")) break;
      this.next();
    }
    let condition: Expr | null = null;
    if (this.isPunct(":")) {
      this.next();
      this.expectIdent("if");
      condition = this.parseExpr(scope);
    }
    this.expectPunct(";");
    return { methods: [...new Set(methods)], condition, line };
  }

  // Expressions, lowest precedence first.
  private parseExpr(scope: Scope): Expr {
    const expr = this.parseBinary(scope, 0);
    if (this.isPunct("?")) this.unsupported("the conditional operator ?: is not supported");
    return expr;
  }

  private static readonly LEVELS: BinaryOp[][] = [["||"], ["&&"], ["==", "!=", "<", "<=", ">", ">=", "in"], ["+", "-"], ["*", "/", "%"]];

  private parseBinary(scope: Scope, level: number): Expr {
    if (level >= Parser.LEVELS.length) return this.parseUnary(scope);
    let left = this.parseBinary(scope, level + 1);
    const ops = Parser.LEVELS[level]!;
    for (;;) {
      const token = this.peek();
      if (token.type === "ident" && token.value === "is") this.unsupported("type checks with is are not supported");
      const op = ops.find((o) => (o === "in" ? token.type === "ident" && token.value === "in" : token.type === "punct" && token.value === o));
      if (!op) return left;
      this.next();
      const right = this.parseBinary(scope, level + 1);
      left = { kind: "binary", op, left, right, line: token.line };
      // Comparisons do not chain (a < b < c is an error in the rules language too).
      if (level === 2) return left;
    }
  }

  private parseUnary(scope: Scope): Expr {
    const token = this.peek();
    if (token.type === "punct" && (token.value === "!" || token.value === "-")) {
      this.next();
      return { kind: "unary", op: token.value, operand: this.parseUnary(scope), line: token.line };
    }
    return this.parsePostfix(scope);
  }

  private parsePostfix(scope: Scope): Expr {
    let expr = this.parsePrimary(scope);
    for (;;) {
      if (this.isPunct(".")) {
        const dot = this.next();
        const name = this.expectAnyIdent();
        if (this.isPunct("(")) {
          if (name !== "matches" && name !== "size") this.unsupported(`the method ${name}() is not supported (only matches() and size())`, dot.line);
          const args = this.parseArgs(scope);
          if (args.length !== (name === "matches" ? 1 : 0))
            throw new RulesError(`${name}() takes ${name === "matches" ? "one argument" : "no arguments"}`, dot.line);
          expr = { kind: "method", object: expr, name, args, line: dot.line };
        } else {
          if (expr.kind === "ident" && expr.name === "request" && !REQUEST_FIELDS.has(name))
            this.unsupported(`request.${name} is not supported (only request.auth and request.resource)`, dot.line);
          expr = { kind: "member", object: expr, property: name, line: dot.line };
        }
        continue;
      }
      if (this.isPunct("[")) {
        const open = this.next();
        const index = this.parseExpr(scope);
        this.expectPunct("]");
        expr = { kind: "index", object: expr, index, line: open.line };
        continue;
      }
      return expr;
    }
  }

  private parsePrimary(scope: Scope): Expr {
    const token = this.next();
    if (token.type === "number") return { kind: "literal", value: token.value, line: token.line };
    if (token.type === "string") return { kind: "literal", value: token.value, line: token.line };
    if (token.type === "punct" && token.value === "(") {
      const inner = this.parseExpr(scope);
      this.expectPunct(")");
      return inner;
    }
    if (token.type === "punct" && token.value === "[") {
      const items: Expr[] = [];
      while (!this.isPunct("]")) {
        items.push(this.parseExpr(scope));
        if (!this.isPunct("]")) this.expectPunct(",");
      }
      this.next();
      return { kind: "list", items, line: token.line };
    }
    if (token.type === "ident") {
      if (token.value === "true" || token.value === "false") return { kind: "literal", value: token.value === "true", line: token.line };
      if (token.value === "null") return { kind: "literal", value: null, line: token.line };
      if (this.isPunct("(")) {
        const fn = scope.functions.get(token.value);
        if (!fn)
          this.unsupported(`${token.value}() is not a function declared in this file (built-in functions such as firestore.get are not supported)`, token.line);
        const args = this.parseArgs(scope);
        if (args.length !== fn!.params.length)
          throw new RulesError(`${token.value}() takes ${fn!.params.length} argument(s), given ${args.length}`, token.line);
        return { kind: "call", name: token.value, args, line: token.line };
      }
      if (token.value === "request" || token.value === "resource" || scope.variables.has(token.value))
        return { kind: "ident", name: token.value, line: token.line };
      this.unsupported(`${token.value} is not a variable here (request, resource, a path wildcard or a function parameter)`, token.line);
    }
    throw new RulesError(`unexpected ${JSON.stringify(token.value)} in an expression`, token.line);
  }

  private parseArgs(scope: Scope): Expr[] {
    this.expectPunct("(");
    const args: Expr[] = [];
    while (!this.isPunct(")")) {
      args.push(this.parseExpr(scope));
      if (!this.isPunct(")")) this.expectPunct(",");
    }
    this.next();
    return args;
  }

  private unsupported(message: string, line = this.peek().line): never {
    throw new RulesError(`unsupported: ${message}`, line);
  }
  private peek(): Token {
    return this.tokens[this.pos]!;
  }
  private next(): Token {
    const token = this.tokens[this.pos]!;
    if (token.type !== "eof") this.pos += 1;
    return token;
  }
  private isIdent(value: string): boolean {
    const t = this.peek();
    return t.type === "ident" && t.value === value;
  }
  private isPunct(value: string): boolean {
    const t = this.peek();
    return t.type === "punct" && t.value === value;
  }
  private expectIdent(value: string): Token {
    if (!this.isIdent(value)) throw new RulesError(`expected ${value}, found ${JSON.stringify(this.peek().value) || "the end"}`, this.peek().line);
    return this.next();
  }
  private expectAnyIdent(): string {
    const token = this.next();
    if (token.type !== "ident") throw new RulesError(`expected a name, found ${JSON.stringify(token.value) || "the end"}`, token.line);
    return token.value;
  }
  private expectPunct(value: string): Token {
    if (!this.isPunct(value))
      throw new RulesError(`expected ${JSON.stringify(value)}, found ${JSON.stringify(this.peek().value) || "the end"}`, this.peek().line);
    return this.next();
  }
}

function parsePath(text: string, line: number): Segment[] {
  if (!text.startsWith("/") || text.length < 2) throw new RulesError(`a match path must start with / and name something: ${text}`, line);
  const parts = text.slice(1).split("/");
  return parts.map((part, i): Segment => {
    if (part === "") throw new RulesError(`empty segment in match path ${text}`, line);
    const wildcard = /^\{([A-Za-z_][A-Za-z0-9_]*)(=\*\*)?\}$/.exec(part);
    if (wildcard) {
      if (wildcard[2]) {
        if (i !== parts.length - 1) throw new RulesError(`a {name=**} wildcard must be the last segment of ${text}`, line);
        return { kind: "rest", name: wildcard[1]! };
      }
      return { kind: "single", name: wildcard[1]! };
    }
    if (/[{}*]/.test(part)) throw new RulesError(`unsupported: path segment ${part} (only literals, {name} and a last {name=**})`, line);
    return { kind: "literal", value: part };
  });
}

export function parseRules(text: string): Ruleset {
  return new Parser(tokenize(text)).parseFile();
}

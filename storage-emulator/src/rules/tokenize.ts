// Splits storage.rules into tokens, each with its line, and the error every refusal of the rules
// text is thrown as (it names the line).
export class RulesError extends Error {
  constructor(
    message: string,
    readonly line: number,
  ) {
    super(`storage.rules line ${line}: ${message}`);
  }
}

export type Token =
  | { type: "ident"; value: string; line: number }
  | { type: "number"; value: number; line: number }
  | { type: "string"; value: string; line: number }
  | { type: "path"; value: string; line: number }
  | { type: "punct"; value: string; line: number }
  | { type: "eof"; value: ""; line: number };

const PUNCTUATION = ["==", "!=", "<=", ">=", "&&", "||", "{", "}", "(", ")", "[", "]", ";", ",", ".", ":", "=", "<", ">", "!", "+", "-", "*", "/", "%", "?"];

/** Splits the text into tokens; a `match` keyword's path is one token. */
export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  let line = 1;
  const peekPrevIsMatch = () => tokens.length > 0 && tokens[tokens.length - 1]!.type === "ident" && tokens[tokens.length - 1]!.value === "match";
  while (i < text.length) {
    const c = text[i]!;
    if (c === "\n") {
      line += 1;
      i += 1;
      continue;
    }
    if (/\s/.test(c)) {
      i += 1;
      continue;
    }
    if (text.startsWith("//", i)) {
      while (i < text.length && text[i] !== "\n") i += 1;
      continue;
    }
    if (text.startsWith("/*", i)) {
      const end = text.indexOf("*/", i + 2);
      if (end === -1) throw new RulesError("a /* comment is never closed", line);
      for (let j = i; j < end; j++) if (text[j] === "\n") line += 1;
      i = end + 2;
      continue;
    }
    if (c === "/" && peekPrevIsMatch()) {
      let j = i;
      while (j < text.length && !/\s/.test(text[j]!)) j += 1;
      tokens.push({ type: "path", value: text.slice(i, j), line });
      i = j;
      continue;
    }
    if (/[A-Za-z_]/.test(c)) {
      let j = i;
      while (j < text.length && /[A-Za-z0-9_]/.test(text[j]!)) j += 1;
      tokens.push({ type: "ident", value: text.slice(i, j), line });
      i = j;
      continue;
    }
    if (/[0-9]/.test(c)) {
      const match = /^[0-9]+(\.[0-9]+)?/.exec(text.slice(i))!;
      tokens.push({ type: "number", value: Number(match[0]), line });
      i += match[0].length;
      continue;
    }
    if (c === "'" || c === '"') {
      let j = i + 1;
      let value = "";
      while (j < text.length && text[j] !== c) {
        if (text[j] === "\n") throw new RulesError("a string is not closed on its line", line);
        if (text[j] === "\\") {
          const next = text[j + 1];
          const escapes: Record<string, string> = { n: "\n", t: "\t", "\\": "\\", "'": "'", '"': '"' };
          // Regular expressions keep their backslashes (\. \d ...): only quotes and \\ \n \t are escapes.
          value += next !== undefined && next in escapes ? escapes[next] : `\\${next ?? ""}`;
          j += 2;
          continue;
        }
        value += text[j];
        j += 1;
      }
      if (j >= text.length) throw new RulesError("a string is not closed", line);
      tokens.push({ type: "string", value, line });
      i = j + 1;
      continue;
    }
    const punct = PUNCTUATION.find((p) => text.startsWith(p, i));
    if (!punct) throw new RulesError(`unexpected character ${JSON.stringify(c)}`, line);
    tokens.push({ type: "punct", value: punct, line });
    i += punct.length;
  }
  tokens.push({ type: "eof", value: "", line });
  return tokens;
}

// The one way JSON is placed inside a <script> element, on the server and read back in the
// browser: the page data, the JSON-LD and the lists in the page's start-up script. Escaped as
// JSON (\uXXXX), "<" ">" "&" can neither end the element nor open a comment or markup, and
// U+2028/U+2029 cannot end a line of script; JSON.parse gives back the same value.
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

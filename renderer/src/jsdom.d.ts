// The jsdom API the renderer uses (a window for DOMPurify, the template parsed at start-up, a
// window its tests run the page's loader script in); jsdom ships no types.
declare module "jsdom" {
  export class JSDOM {
    constructor(html?: string, options?: { runScripts?: "outside-only" });
    readonly window: unknown;
    serialize(): string;
  }
}

// The jsdom API the renderer uses (a window for DOMPurify, the template parsed at start-up); jsdom ships no types.
declare module "jsdom" {
  export class JSDOM {
    constructor(html?: string);
    readonly window: unknown;
    serialize(): string;
  }
}

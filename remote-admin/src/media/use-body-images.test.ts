import { describe, expect, it } from "vitest";
import { insertLine, replaceLine } from "./use-body-images";

describe("the body's placeholder line", () => {
  const line = "![Uploading “a.png”…](#uploading-1)";
  it("goes in as a paragraph of its own at the cursor", () => {
    expect(insertLine("Before.\n\nAfter.", 7, line)).toBe(`Before.\n\n${line}\n\nAfter.`);
    expect(insertLine("Before.\nAfter.", 8, line)).toBe(`Before.\n\n${line}\n\nAfter.`);
    expect(insertLine("", 0, line)).toBe(line);
    expect(insertLine("Text", 4, line)).toBe(`Text\n\n${line}`);
  });
  it("is replaced by the picture, or removed with the blank lines it brought", () => {
    const text = insertLine("Before.\n\nAfter.", 7, line);
    expect(replaceLine(text, line, "![Alt](https://x/y.jpg)")).toBe("Before.\n\n![Alt](https://x/y.jpg)\n\nAfter.");
    expect(replaceLine(text, line, "")).toBe("Before.\n\nAfter.");
  });
});

// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { jsonForScript } from "./json-script";

const hostile = { title: "</script><script>alert(1)</script>", comment: "<!-- x --> & <![CDATA[", lines: "a\u2028b\u2029c", nested: ["</SCRIPT>", { k: "<" }] };

describe("JSON inside a script element", () => {
  it("has no character that could end the element, open markup or end a line of script", () => {
    const json = jsonForScript(hostile);
    expect(json).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(json)).toEqual(hostile);
  });

  it("reads back whole from the document, as the browser parses it", () => {
    document.body.innerHTML = `<script type="application/json" id="data">${jsonForScript(hostile)}</script><p id="after">after</p>`;
    expect(document.scripts).toHaveLength(1);
    expect(JSON.parse(document.getElementById("data")!.textContent!)).toEqual(hostile);
    expect(document.getElementById("after")?.textContent).toBe("after");
  });
});

// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import { keepSave, keptSaveKey, readKeptSave } from "./kept-save";

const key = keptSaveKey("films", "f1");
const picture = { id: "0123456789abcdef-640x480", alt: "A poster" };

afterEach(() => localStorage.clear());

describe("readKeptSave", () => {
  it("offers a save that left a picture out while the form now holds one (the field is optional)", () => {
    keepSave(key, { values: { title: "Heat", poster: undefined }, at: 1, baseRev: 3 });
    expect(readKeptSave(key, { title: "", poster: picture })?.values).toEqual({ title: "Heat" });
  });

  it("offers a save with a picture while the form holds none", () => {
    keepSave(key, { values: { title: "Heat", poster: picture }, at: 1, baseRev: 3 });
    expect(readKeptSave(key, { title: "", poster: undefined })?.values.poster).toEqual(picture);
  });

  it("reads a save of another shape as nothing kept", () => {
    keepSave(key, { values: { title: 7, poster: "not a picture" }, at: 1, baseRev: 3 });
    expect(readKeptSave(key, { title: "", poster: picture })).toBeNull();
  });
});

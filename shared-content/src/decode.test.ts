import { afterEach, describe, expect, it, vi } from "vitest";
import { byKey, byText, decodeCollection, decodeOne, resetDecodeWarnings, toEntries } from "./decode";
import { QuoteSchema } from "./schemas";

const quote = (text: string) => ({ text, author: "A", rev: 1, updatedAt: 1 });

afterEach(() => {
  vi.restoreAllMocks();
  resetDecodeWarnings();
});

describe("decoding", () => {
  it("leaves out a record that does not decode, keeps the rest, warns once per path", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const raw = { q1: quote("one"), bad: { text: 42 }, q2: quote("two") };
    const first = decodeCollection(QuoteSchema, raw, "quotes");
    expect(first.map((q) => q.id)).toEqual(["q1", "q2"]);
    expect(first[0]).toMatchObject({ id: "q1", text: "one" });
    decodeCollection(QuoteSchema, raw, "quotes");
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[0])).toContain("quotes/bad");
  });

  it("treats absent as null without a warning", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    expect(decodeOne(QuoteSchema, null, "quotes/x")).toBeNull();
    expect(decodeCollection(QuoteSchema, null, "quotes")).toEqual([]);
    expect(warn).not.toHaveBeenCalled();
  });

  it("reads arrays the SDK makes from numeric keys, skipping holes", () => {
    expect(toEntries([quote("a"), undefined, quote("c")]).map(([k]) => k)).toEqual(["0", "2"]);
    expect(toEntries("text")).toEqual([]);
  });
});

describe("the database's orders", () => {
  it("keys: 32-bit integers first, numerically (the shorter first when equal), then the rest as strings by code unit", () => {
    expect(["b", "10", "-Nab", "2", "a", "Z", "-1", "02", "99999999999"].sort(byKey)).toEqual(["-1", "2", "02", "10", "-Nab", "99999999999", "Z", "a", "b"]);
  });

  it("text by code unit, not by locale: capitals and accents sort as the database sorts them", () => {
    expect(["épictète", "Zeno", "ada", "Ada"].sort(byText)).toEqual(["Ada", "Zeno", "ada", "épictète"]);
  });
});

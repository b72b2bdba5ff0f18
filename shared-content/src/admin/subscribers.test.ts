import { describe, expect, it } from "vitest";
import { parseSubscribersCsv, recipientsOf, subscribersCsv } from "./subscribers";

describe("subscribers as CSV", () => {
  it("exports what it imports: addresses, tags, and quoted cells", () => {
    const csv = subscribersCsv([
      { email: "a@example.com", status: "confirmed", tags: ["films", "notes"], createdAt: 0, confirmedAt: 1000, source: "form" },
      { email: "b@example.com", status: "pending", createdAt: 2000, source: "import" },
    ]);
    expect(csv).toBe(
      "email,status,tags,subscribed\na@example.com,confirmed,films notes,1970-01-01T00:00:01.000Z\nb@example.com,pending,,1970-01-01T00:00:02.000Z\n",
    );
    expect(parseSubscribersCsv(csv)).toEqual({
      rows: [
        { email: "a@example.com", tags: ["films", "notes"] },
        { email: "b@example.com", tags: [] },
      ],
      skipped: [],
    });
  });

  it("takes a bare list of addresses, skipping bad and repeated ones with their line", () => {
    expect(parseSubscribersCsv('One@Example.com\n"two@example.com"\nnope\none@example.com\n\n')).toEqual({
      rows: [
        { email: "one@example.com", tags: [] },
        { email: "two@example.com", tags: [] },
      ],
      skipped: [
        { line: 3, reason: "not an email address: nope" },
        { line: 4, reason: "one@example.com appears twice" },
      ],
    });
  });
});

describe("a round's recipients", () => {
  const subscribers = [
    { id: "a".repeat(22), email: "a@example.com" },
    { id: "b".repeat(22), email: "b@example.com" },
  ];

  it("joins the ledger's ids with the addresses: failures first, then the newest; a gone subscriber has no address", () => {
    const ledger = {
      ["a".repeat(22)]: { state: "sent", at: 1000 },
      ["b".repeat(22)]: { state: "failed", at: 500, error: "550 mailbox unavailable" },
      ["c".repeat(22)]: { state: "sent", at: 2000 },
      ["d".repeat(22)]: { state: "sending", at: 3000 },
    };
    expect(recipientsOf(ledger, subscribers)).toEqual([
      { id: "b".repeat(22), email: "b@example.com", state: "failed", at: 500, error: "550 mailbox unavailable" },
      { id: "d".repeat(22), email: null, state: "sending", at: 3000 },
      { id: "c".repeat(22), email: null, state: "sent", at: 2000 },
      { id: "a".repeat(22), email: "a@example.com", state: "sent", at: 1000 },
    ]);
  });

  it("is empty for no ledger, and skips entries that are not ledger entries", () => {
    expect(recipientsOf(null, subscribers)).toEqual([]);
    expect(recipientsOf({ ["a".repeat(22)]: { state: "lost" } }, subscribers)).toEqual([]);
  });
});

import { afterEach, describe, expect, it, vi } from "vitest";
import { encodedDirectory, freshEntry } from "./fresh-entry";

const CHUNK = "https://blog.example.net/assets/entry-DUCqCqqq.js";

describe("a remote's entry under new URLs", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("encodes other letters of the entry chunk's directory on each attempt: new URLs for the same file", () => {
    const urls = [1, 2, 3, 63].map((attempt) => encodedDirectory(CHUNK, attempt));
    expect(urls[0]).toBe("https://blog.example.net/%61ssets/entry-DUCqCqqq.js");
    expect(new Set([CHUNK, ...urls]).size).toBe(5);
    for (const url of urls) expect(decodeURIComponent(new URL(url!).pathname)).toBe("/assets/entry-DUCqCqqq.js");
    // Six letters: 63 variants, then none.
    expect(encodedDirectory(CHUNK, 64)).toBeNull();
    // A chunk at the root has no directory to vary.
    expect(encodedDirectory("https://blog.example.net/entry.js", 1)).toBeNull();
  });

  it("reads the re-export remoteEntry.js is and imports its chunk from the new directory", async () => {
    vi.stubGlobal("fetch", async () => new Response('export{t as get,n as init}from"./assets/entry-DUCqCqqq.js";'));
    const fresh = await freshEntry("https://blog.example.net/remoteEntry.js", 1);
    expect(fresh?.url).toBe("https://blog.example.net/%61ssets/entry-DUCqCqqq.js");
  });

  it("gives up (null) on an entry of another shape, and rejects when the entry does not answer", async () => {
    vi.stubGlobal("fetch", async () => new Response("const x = 1; export { x as get };"));
    await expect(freshEntry("https://blog.example.net/remoteEntry.js", 1)).resolves.toBeNull();
    vi.stubGlobal("fetch", async () => new Response("", { status: 404 }));
    await expect(freshEntry("https://blog.example.net/remoteEntry.js", 1)).rejects.toThrow("404");
  });
});

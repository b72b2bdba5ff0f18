// @vitest-environment jsdom
// The public hooks over the real REST client in a browser-like environment (jsdom's globals with
// Node's fetch), against a tiny server: the URL comes from the runtime config given to
// shared-auth's initFirebase, and no Firebase SDK is involved. The page streams only the change
// marker and reads each hook's path with a GET, again when the marker moves.
import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { act, cleanup, renderHook, waitFor } from "@testing-library/react";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { initFirebase } from "shared-auth";
import { localStackConfig } from "runtime-config/local-stack";
import { resetFirebaseForTests } from "shared-auth/testing";
import { useAbout, useExperience } from "./use-content";

let about: Record<string, unknown> = { headline: "Hi", bio: "B", rev: 1, updatedAt: 1 };
const streams: ServerResponse[] = [];
const urls: string[] = [];
const server = createServer((req, res) => {
  urls.push(req.url ?? "");
  const path = (req.url ?? "").split("?")[0];
  if (path === "/experience.json") {
    res.writeHead(401, { "content-type": "application/json" }).end('{"error":"Permission denied"}');
  } else if (path === "/changes.json") {
    res.writeHead(200, { "content-type": "text/event-stream", "access-control-allow-origin": "*" });
    res.write(`event: put\ndata: ${JSON.stringify({ path: "/", data: { about: 1 } })}\n\n`);
    streams.push(res);
  } else {
    res.writeHead(200, { "content-type": "application/json", "access-control-allow-origin": "*" }).end(JSON.stringify(about));
  }
});

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  initFirebase(localStackConfig({ databasePort: (server.address() as AddressInfo).port }));
});
afterEach(cleanup);
afterAll(() => {
  resetFirebaseForTests();
  server.closeAllConnections();
  server.close();
});

describe("public hooks over the REST client", () => {
  it("read the config's database, decode, and follow a change the marker announces, on one stream", async () => {
    const { result } = renderHook(() => useAbout());
    await waitFor(() => expect(result.current).toMatchObject({ status: "ready", data: { headline: "Hi" } }));
    expect(urls).toContain("/site/about.json?ns=demo-portfolio-default-rtdb");
    expect(urls).toContain("/changes.json?ns=demo-portfolio-default-rtdb");
    about = { ...about, headline: "Changed", rev: 2 };
    act(() => {
      streams[0]?.write(`event: put\ndata: ${JSON.stringify({ path: "/about", data: 2 })}\n\n`);
    });
    await waitFor(() => expect(result.current.data?.headline).toBe("Changed"));
    expect(urls.filter((u) => u.startsWith("/changes.json"))).toHaveLength(1);
  });

  it("turn a 401 into the plain permission error", async () => {
    const { result } = renderHook(() => useExperience());
    await waitFor(() => expect(result.current.status).toBe("error"));
    expect(result.current.error?.code).toBe("permission-denied");
  });
});

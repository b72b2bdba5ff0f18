// @vitest-environment jsdom
// The public hooks over the real REST stream client in a browser-like environment (jsdom's
// globals with Node's fetch), against a tiny SSE server: the URL comes from the runtime config
// given to shared-auth's initFirebase, and no Firebase SDK is involved.
import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { act, cleanup, renderHook, waitFor } from "@testing-library/react";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { initFirebase } from "shared-auth";
import { localStackConfig } from "shared-auth/dev";
import { resetFirebaseForTests } from "shared-auth/testing";
import { useAbout, useExperience } from "./use-content";

const streams = new Map<string, ServerResponse>();
const urls: string[] = [];
const server = createServer((req, res) => {
  urls.push(req.url ?? "");
  const path = (req.url ?? "").split("?")[0];
  if (path === "/experience.json") {
    res.writeHead(401, { "content-type": "application/json" });
    res.end('{"error":"Permission denied"}');
    return;
  }
  res.writeHead(200, { "content-type": "text/event-stream", "access-control-allow-origin": "*" });
  res.write(`event: put\ndata: ${JSON.stringify({ path: "/", data: { headline: "Hi", bio: "B", rev: 1, updatedAt: 1 } })}\n\n`);
  streams.set(path ?? "", res);
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

describe("public hooks over the REST stream", () => {
  it("read the config's database, decode, and follow a patch", async () => {
    const { result } = renderHook(() => useAbout());
    await waitFor(() => expect(result.current).toMatchObject({ status: "ready", data: { headline: "Hi" } }));
    expect(urls).toContain("/site/about.json?ns=demo-portfolio-default-rtdb");
    act(() => {
      streams.get("/site/about.json")?.write(`event: patch\ndata: ${JSON.stringify({ path: "/", data: { headline: "Changed", rev: 2 } })}\n\n`);
    });
    await waitFor(() => expect(result.current.data?.headline).toBe("Changed"));
  });

  it("turn a 401 into the plain permission error", async () => {
    const { result } = renderHook(() => useExperience());
    await waitFor(() => expect(result.current.status).toBe("error"));
    expect(result.current.error?.code).toBe("permission-denied");
  });
});

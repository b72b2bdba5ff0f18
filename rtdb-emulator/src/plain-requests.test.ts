import { describe, expect, it } from "vitest";
import { plainRequest } from "./plain-requests.js";

const head = (...lines: string[]) => Buffer.from(`${lines.join("\r\n")}\r\n\r\n`, "latin1");
/** What a browser's fetch of a section sends (Chromium, cross-origin, `cache: "no-store"`). */
const BROWSER = [
  "Host: 127.0.0.1:9000",
  "Connection: keep-alive",
  'sec-ch-ua-platform: "Linux"',
  "Cache-Control: no-cache",
  "Pragma: no-cache",
  "User-Agent: Mozilla/5.0",
  "Accept: application/json",
  "Origin: http://127.0.0.1:5173",
  "Sec-Fetch-Site: same-site",
  "Sec-Fetch-Mode: cors",
  "Sec-Fetch-Dest: empty",
  "Referer: http://127.0.0.1:5173/",
  "Accept-Encoding: gzip, deflate, br, zstd",
  "Accept-Language: en-GB",
];

describe("plainRequest: which requests skip Node's HTTP server", () => {
  it("takes a browser's plain read and its stream, with or without ?ns=", () => {
    expect(plainRequest(head("GET /site/about.json?ns=demo-site HTTP/1.1", ...BROWSER))).toEqual({
      rawPath: "/site/about.json",
      namespace: "demo-site",
      stream: false,
    });
    expect(plainRequest(head("GET /changes.json HTTP/1.1", "Host: x", "Accept: text/event-stream"))).toEqual({
      rawPath: "/changes.json",
      namespace: null,
      stream: true,
    });
  });

  it("leaves to the HTTP server whatever could change the answer", () => {
    const leaves = [
      head("GET /a.json?ns=x HTTP/1.1", "Host: x", "Authorization: Bearer owner"),
      head("GET /a.json?auth=token HTTP/1.1", "Host: x"),
      head("GET /a.json?ns=x&shallow=true HTTP/1.1", "Host: x"),
      head('GET /a.json?orderBy="$key"&limitToFirst=1 HTTP/1.1', "Host: x"),
      head("GET /a.json HTTP/1.1", "Host: x", "If-None-Match: abc"),
      head("GET /a.json HTTP/1.1", "Host: x", "X-Firebase-ETag: true"),
      head("GET /a.json HTTP/1.1", "Host: x", "Connection: close"),
      head("GET /a.json HTTP/1.0", "Host: x"),
      head("HEAD /a.json HTTP/1.1", "Host: x"),
      head("PUT /a.json HTTP/1.1", "Host: x", "Content-Length: 1"),
      head("GET /a HTTP/1.1", "Host: x"),
      head("GET /.settings/rules.json HTTP/1.1", "Host: x").subarray(0, 20),
      head("GET /a.json HTTP/1.1", "Host: x", "no colon here"),
    ];
    for (const chunk of leaves) expect(plainRequest(chunk), chunk.toString("latin1")).toBeNull();
  });

  it("takes only one whole request: a partial head, a body or a second request go to the HTTP server", () => {
    const whole = head("GET /a.json HTTP/1.1", "Host: x");
    expect(plainRequest(whole)).not.toBeNull();
    expect(plainRequest(whole.subarray(0, whole.length - 2))).toBeNull();
    expect(plainRequest(Buffer.concat([whole, whole]))).toBeNull();
    expect(plainRequest(Buffer.concat([whole, Buffer.from("x")]))).toBeNull();
  });
});

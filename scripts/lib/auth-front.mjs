// The local stack's front for the Auth emulator: browsers and scripts talk to it on AUTH_PORT,
// and it forwards every request to the emulator, except the one the emulator cannot answer.
// `GET /v2/passwordPolicy` (the SDK's validatePassword, on the admin's account screen) gets a
// 501 from the emulator, which the browser logs as a console error; the front answers it with
// the policy the emulator actually applies (at least 6 characters), as the real service would
// answer with the project's policy.
import { createServer, request as forward } from "node:http";

/** What the emulator enforces, in the shape of the Identity Toolkit's passwordPolicy answer. */
export const EMULATOR_PASSWORD_POLICY = {
  customStrengthOptions: { minPasswordLength: 6 },
  allowedNonAlphanumericCharacters: [],
  enforcementState: "OFF",
  forceUpgradeOnSignin: false,
  schemaVersion: 1,
};

const POLICY_PATH = /^\/identitytoolkit\.googleapis\.com\/v2\/passwordPolicy(\?|$)/;

/** The policy endpoint, with the CORS answers a page on another origin needs (the SDK sends its own headers, so a preflight comes first). */
function answerPolicy(req, res) {
  const cors = { "access-control-allow-origin": req.headers.origin ?? "*", vary: "Origin" };
  if (req.method === "OPTIONS") {
    res.writeHead(204, {
      ...cors,
      "access-control-allow-methods": "GET, OPTIONS",
      "access-control-allow-headers": req.headers["access-control-request-headers"] ?? "",
      "access-control-max-age": "600",
    });
    res.end();
  } else if (req.method === "GET") {
    res.writeHead(200, { ...cors, "content-type": "application/json; charset=utf-8", "cache-control": "no-store" });
    res.end(JSON.stringify(EMULATOR_PASSWORD_POLICY));
  } else {
    res.writeHead(405, { ...cors, allow: "GET, OPTIONS" });
    res.end();
  }
}

/**
 * Listens on `host`:`port` (0: a free port) in front of the emulator at `target`.
 * @param {{ host: string, port: number, target: { host: string, port: number } }} options
 * @returns {Promise<{ url: string, port: number, close(): Promise<void> }>}
 */
export async function startAuthFront({ host, port, target }) {
  const server = createServer((req, res) => {
    if (POLICY_PATH.test(req.url ?? "")) {
      answerPolicy(req, res);
      return;
    }
    const upstream = forward({ host: target.host, port: target.port, method: req.method, path: req.url, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on("error", () => {
      if (!res.headersSent) res.writeHead(502, { "content-type": "text/plain" });
      res.end("The Auth emulator did not answer.");
    });
    req.pipe(upstream);
  });
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve(undefined));
  });
  const address = server.address();
  const actual = typeof address === "object" && address ? address.port : port;
  return {
    url: `http://${host}:${actual}`,
    port: actual,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve(undefined));
      }),
  };
}

// The local stack's front for the Auth emulator: browsers and scripts talk to it on AUTH_PORT,
// and it forwards every request to the emulator, except what the emulator cannot do as the real
// service does:
// - `GET /v2/passwordPolicy` (the SDK's validatePassword, on the account and reset screens) gets
//   a 501 from the emulator; the front answers with the local stack's policy, as the real service
//   answers with the project's;
// - the emulator enforces nothing but 6 characters; the front refuses a password that misses the
//   policy where the real service does when the policy is enforced (sign-up, password change,
//   password reset through the client API; the admin API under /projects/ is not subject to it,
//   as with the Admin SDK), with the service's own error;
// - the emulator sends no email: after a password reset email is "sent", the front hands its
//   out-of-band code to `onPasswordResetCode` (the stack prints the reset page's link).
import { createServer, request as forward, type IncomingMessage, type ServerResponse } from "node:http";

/**
 * The local stack's password policy, in the shape of the Identity Toolkit's passwordPolicy
 * answer: stronger than Firebase's default (6 characters), so the site runs under a real one.
 * docs/admin-account.md says how to set a policy on a Firebase project.
 */
/** A password policy, in the shape of the Identity Toolkit's passwordPolicy answer. */
export interface PasswordPolicy {
  customStrengthOptions: {
    minPasswordLength?: number;
    maxPasswordLength?: number;
    containsLowercaseCharacter?: boolean;
    containsUppercaseCharacter?: boolean;
    containsNumericCharacter?: boolean;
    containsNonAlphanumericCharacter?: boolean;
  };
  allowedNonAlphanumericCharacters: string[];
  enforcementState: string;
  forceUpgradeOnSignin: boolean;
  schemaVersion: number;
}

export const LOCAL_PASSWORD_POLICY: PasswordPolicy = {
  customStrengthOptions: {
    minPasswordLength: 12,
    containsLowercaseCharacter: true,
    containsUppercaseCharacter: true,
    containsNumericCharacter: true,
  },
  allowedNonAlphanumericCharacters: [],
  enforcementState: "ENFORCE",
  forceUpgradeOnSignin: false,
  schemaVersion: 1,
};

/** The requirements `password` misses, worded as the Auth service words them (none: it passes). */
export function missingRequirements(password: string, policy: PasswordPolicy = LOCAL_PASSWORD_POLICY): string[] {
  const o = policy.customStrengthOptions;
  const missing: string[] = [];
  if (o.minPasswordLength && password.length < o.minPasswordLength) missing.push(`Password must contain at least ${o.minPasswordLength} characters`);
  if (o.maxPasswordLength && password.length > o.maxPasswordLength) missing.push(`Password may contain at most ${o.maxPasswordLength} characters`);
  if (o.containsLowercaseCharacter && !/[a-z]/.test(password)) missing.push("Password must contain a lower case character");
  if (o.containsUppercaseCharacter && !/[A-Z]/.test(password)) missing.push("Password must contain an upper case character");
  if (o.containsNumericCharacter && !/[0-9]/.test(password)) missing.push("Password must contain a numeric character");
  if (o.containsNonAlphanumericCharacter && !/[^a-zA-Z0-9]/.test(password)) missing.push("Password must contain a non-alphanumeric character");
  return missing;
}

const POLICY_PATH = /^\/identitytoolkit\.googleapis\.com\/v2\/passwordPolicy(\?|$)/;
/** The client API calls that set a password (the field that carries it). */
const PASSWORD_SETTERS = [
  { path: /^\/identitytoolkit\.googleapis\.com\/v1\/accounts:signUp(\?|$)/, field: "password" },
  { path: /^\/identitytoolkit\.googleapis\.com\/v1\/accounts:update(\?|$)/, field: "password" },
  { path: /^\/identitytoolkit\.googleapis\.com\/v1\/accounts:resetPassword(\?|$)/, field: "newPassword" },
];
const SEND_OOB_CODE = /^\/identitytoolkit\.googleapis\.com\/v1\/accounts:sendOobCode(\?|$)/;

const corsOf = (req: IncomingMessage) => ({ "access-control-allow-origin": req.headers.origin ?? "*", vary: "Origin" });

/** The policy endpoint, with the CORS answers a page on another origin needs (the SDK sends its own headers, so a preflight comes first). */
function answerPolicy(req: IncomingMessage, res: ServerResponse) {
  const cors = corsOf(req);
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
    res.end(JSON.stringify(LOCAL_PASSWORD_POLICY));
  } else {
    res.writeHead(405, { ...cors, allow: "GET, OPTIONS" });
    res.end();
  }
}

/** The service's refusal of a password that misses the enforced policy (the SDK maps it to auth/password-does-not-meet-requirements). */
function refusePassword(req: IncomingMessage, res: ServerResponse, missing: string[]) {
  const message = `PASSWORD_DOES_NOT_MEET_REQUIREMENTS : Missing password requirements: [${missing.join(", ")}]`;
  res.writeHead(400, { ...corsOf(req), "content-type": "application/json; charset=utf-8" });
  res.end(JSON.stringify({ error: { code: 400, message, errors: [{ message, domain: "global", reason: "invalid" }], status: "INVALID_ARGUMENT" } }));
}

async function readBody(req: IncomingMessage) {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk);
  return Buffer.concat(chunks);
}

function parseJson(buffer: Buffer): Record<string, unknown> | null {
  try {
    return JSON.parse(buffer.toString("utf8"));
  } catch {
    return null;
  }
}

export interface AuthFront {
  /** Where browsers and scripts reach the Auth emulator, e.g. http://127.0.0.1:9099. */
  url: string;
  port: number;
  close(): Promise<void>;
}

export interface AuthFrontOptions {
  host: string;
  /** 0: a free port. */
  port: number;
  /** The emulator behind the front. */
  target: { host: string; port: number };
  projectId?: string;
  onPasswordResetCode?: (reset: { email: string; oobCode: string }) => void;
}

/** Listens on `host`:`port` in front of the emulator at `target`. */
export async function startAuthFront({ host, port, target, projectId = "demo-portfolio", onPasswordResetCode }: AuthFrontOptions): Promise<AuthFront> {
  /** Forwards the request (its body already read when given) and calls `onAnswered` with the emulator's status. */
  const pass = (req: IncomingMessage, res: ServerResponse, body?: Buffer, onAnswered?: (status: number) => void) => {
    const upstream = forward({ host: target.host, port: target.port, method: req.method, path: req.url, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
      if (onAnswered) answer.on("end", () => onAnswered(answer.statusCode ?? 502));
    });
    upstream.on("error", () => {
      if (!res.headersSent) res.writeHead(502, { "content-type": "text/plain" });
      res.end("The Auth emulator did not answer.");
    });
    if (body) upstream.end(body);
    else req.pipe(upstream);
  };

  /** The newest out-of-band code the emulator holds for `email` (its own endpoint for this, since it sends no email). */
  const reportResetCode = async (email: string) => {
    try {
      const answer = await fetch(`http://${target.host}:${target.port}/emulator/v1/projects/${projectId}/oobCodes`);
      const { oobCodes = [] } = (await answer.json()) as { oobCodes?: { requestType: string; email?: string; oobCode: string }[] };
      const code = oobCodes.filter((c) => c.requestType === "PASSWORD_RESET" && c.email?.toLowerCase() === email.toLowerCase()).at(-1);
      if (code) onPasswordResetCode?.({ email: code.email ?? email, oobCode: code.oobCode });
    } catch {
      // The emulator went away meanwhile: nothing to report.
    }
  };

  const server = createServer((req, res) => {
    const url = req.url ?? "";
    if (POLICY_PATH.test(url)) {
      answerPolicy(req, res);
      return;
    }
    const setter = req.method === "POST" ? PASSWORD_SETTERS.find((s) => s.path.test(url)) : undefined;
    const sendsCode = req.method === "POST" && SEND_OOB_CODE.test(url);
    if (!setter && !sendsCode) {
      pass(req, res);
      return;
    }
    void readBody(req).then((body) => {
      const json = parseJson(body);
      if (setter && typeof json?.[setter.field] === "string") {
        const missing = missingRequirements(json[setter.field] as string);
        if (missing.length > 0) {
          refusePassword(req, res, missing);
          return;
        }
      }
      const resetFor = sendsCode && json?.requestType === "PASSWORD_RESET" && typeof json.email === "string" ? json.email : null;
      pass(req, res, body, resetFor ? (status: number) => status === 200 && void reportResetCode(resetFor) : undefined);
    });
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
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve(undefined));
      }),
  };
}

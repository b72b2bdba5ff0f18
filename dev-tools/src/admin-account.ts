// Creates the admin account, or resets its password, lists its uid under admins/ in the
// database and gives it the custom claim admin: true (what the Storage rules read) — against the
// local emulators (default) or a real Firebase project. See
// docs/admin-account.md. The same REST calls serve both: the emulators accept the magic
// bearer token "owner" where a real project needs an OAuth access token of a project owner.
import { parseArgs } from "node:util";
import { resolveLocalTarget, type RunningStackView } from "./admin-account-target";
import { portsFromEnv } from "./stack-config";

export const LOCAL_DEFAULTS = Object.freeze({
  projectId: "demo-portfolio",
  authUrl: "http://127.0.0.1:9099",
  databaseUrl: "http://127.0.0.1:9000/?ns=demo-portfolio-default-rtdb",
  email: "admin@example.com",
  password: "Portfolio-Admin-2026",
});

/** Where the calls go: the emulators (authUrl, token "owner") or a real project. */
export interface AdminAccountOptions {
  projectId: string;
  /** The Auth emulator's origin; absent for a real project. */
  authUrl?: string | undefined;
  databaseUrl: string;
  /** "owner" for the emulators, a project owner's OAuth access token for a real project. */
  token: string;
  email?: string | undefined;
  password?: string | undefined;
}

export class AdminAccountError extends Error {
  /** The service's answer, when it gave one. */
  readonly detail: unknown;
  constructor(message: string, detail?: unknown) {
    super(message);
    this.name = "AdminAccountError";
    this.detail = detail;
  }
}

/**
 * Where to send requests. `authUrl` is the Auth emulator origin (local) or absent (production,
 * https://identitytoolkit.googleapis.com). `databaseUrl` may carry `?ns=` for the emulator.
 */
export function endpoints({ projectId, authUrl, databaseUrl }: Pick<AdminAccountOptions, "projectId" | "authUrl" | "databaseUrl">) {
  const identity = authUrl ? `${authUrl.replace(/\/$/, "")}/identitytoolkit.googleapis.com` : "https://identitytoolkit.googleapis.com";
  const db = new URL(databaseUrl);
  const ns = db.searchParams.get("ns");
  const dbBase = `${db.origin}${db.pathname.replace(/\/$/, "")}`;
  return {
    identity: (op: string) => `${identity}/v1/projects/${encodeURIComponent(projectId)}/${op}`,
    signIn: `${identity}/v1/accounts:signInWithPassword?key=${authUrl ? "demo-api-key" : ""}`,
    dbPath: (path: string) => `${dbBase}/${path}.json${ns ? `?ns=${encodeURIComponent(ns)}` : ""}`,
  };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the services' JSON answers, read field by field
async function call(url: string, { method = "POST", token, body }: { method?: string; token?: string; body?: unknown }): Promise<any> {
  let res: Response;
  try {
    res = await fetch(url, {
      method,
      headers: {
        "content-type": "application/json",
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (error) {
    throw new AdminAccountError(
      `nothing answers at ${new URL(url).origin} (${(error as { cause?: { code?: string } }).cause?.code ?? String(error)}): start the stack (npm start or npm run emulators) with the same port variables, or give its addresses (--auth-url, --database-url)`,
    );
  }
  const text = await res.text();
  let json;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = { raw: text };
  }
  if (!res.ok) {
    const reason = json?.error?.message ?? json?.error ?? text;
    throw new AdminAccountError(
      `${method} ${url.replace(/\?.*/, "")} failed (${res.status}): ${typeof reason === "string" ? reason : JSON.stringify(reason)}`,
      json,
    );
  }
  return json;
}

/** The uid of the account with this email, or null. */
export async function findUserByEmail(options: AdminAccountOptions, email: string): Promise<{ uid: string; email: string; customAttributes?: string } | null> {
  const ep = endpoints(options);
  const out = await call(ep.identity("accounts:lookup"), { token: options.token, body: { email: [email] } });
  const user = out?.users?.[0];
  return user ? { uid: user.localId, email: user.email, customAttributes: user.customAttributes } : null;
}

/** An account's custom claims (the JSON text the Identity Toolkit keeps), or none. */
function parseClaims(customAttributes: string | undefined): Record<string, unknown> {
  try {
    const claims = customAttributes ? JSON.parse(customAttributes) : {};
    return claims && typeof claims === "object" && !Array.isArray(claims) ? claims : {};
  } catch {
    return {};
  }
}

/**
 * Sets the custom claim admin: true, keeping the account's other claims. It is the REST call the
 * Admin SDK's setCustomUserClaims makes; the claim appears in the user's next ID token.
 */
export async function setAdminClaim(options: AdminAccountOptions, uid: string, customAttributes?: string): Promise<void> {
  const claims = parseClaims(customAttributes);
  await call(endpoints(options).identity("accounts:update"), {
    token: options.token,
    body: { localId: uid, customAttributes: JSON.stringify({ ...claims, admin: true }) },
  });
}

/**
 * Makes sure `email` exists with `password`, is listed under `admins/{uid}` (the database rules)
 * and has the claim admin: true (the Storage rules, which cannot read the database).
 * Returns { uid, created } — created is false when an existing account's password was reset.
 */
export async function ensureAdmin(options: AdminAccountOptions): Promise<{ uid: string; created: boolean }> {
  const { email, password, token } = options;
  if (!email || !password) throw new AdminAccountError("email and password are required");
  if (password.length < 6) throw new AdminAccountError("the password must have at least 6 characters");
  const ep = endpoints(options);
  let uid: string;
  let created = false;
  const existing = await findUserByEmail(options, email);
  if (existing) {
    uid = existing.uid;
    await call(ep.identity("accounts:update"), { token, body: { localId: uid, password } });
  } else {
    const out = await call(ep.identity("accounts"), { token, body: { email, password } });
    uid = out.localId;
    created = true;
  }
  await call(ep.dbPath(`admins/${encodeURIComponent(uid)}`), { method: "PUT", token, body: true });
  await setAdminClaim(options, uid, existing?.customAttributes);
  return { uid, created };
}

/**
 * Refuses an Auth emulator that does not hold the running stack's demo admin: its address was
 * guessed from a port variable, and another stack answers there.
 */
async function confirmSameStack(options: AdminAccountOptions, uid: string, stack: string): Promise<void> {
  const out = await call(endpoints(options).identity("accounts:lookup"), { token: options.token, body: { localId: [uid] } });
  if (!out?.users?.length)
    throw new AdminAccountError(
      `nothing was changed: the Auth emulator at ${options.authUrl} does not hold the demo admin (uid ${uid}) of ${stack}, so it belongs to another stack. Set AUTH_PORT to the Auth port \`npm run emulators\` printed, or pass --auth-url.`,
    );
}

/** Sets a new password on an existing account (no admins/ change). */
export async function resetPassword(options: AdminAccountOptions) {
  const existing = options.email ? await findUserByEmail(options, options.email) : null;
  if (!existing) throw new AdminAccountError(`no account with the email ${options.email}`);
  await call(endpoints(options).identity("accounts:update"), {
    token: options.token,
    body: { localId: existing.uid, password: options.password },
  });
  return existing;
}

/** Emulator only: proves the password signs in (production keys are not known to this script). */
export async function checkSignIn(options: AdminAccountOptions): Promise<string> {
  const out = await call(endpoints(options).signIn, {
    body: { email: options.email, password: options.password, returnSecureToken: true },
  });
  return out.localId;
}

const HELP = `Usage: npm run admin-account -- [create|reset-password] [options]

  create           (default) create the admin account, or reset its password if it exists,
                   write admins/{uid}: true and set the custom claim admin: true
  reset-password   only set a new password on the existing account

Local emulators (default): the stack running from this checkout's .local-data (npm start,
npm run emulators), else the port variables AUTH_PORT and DATABASE_PORT as npm start reads
them, else their defaults. It says which stack it changes before changing anything.
  --email <e>          ADMIN_EMAIL        default ${LOCAL_DEFAULTS.email}
  --password <p>       ADMIN_PASSWORD     default ${LOCAL_DEFAULTS.password}
  --auth-url <url>     AUTH_EMULATOR_URL  another Auth emulator (default: as above, ${LOCAL_DEFAULTS.authUrl} when nothing is set)
  --database-url <u>   DATABASE_URL       another database (default: as above, ${LOCAL_DEFAULTS.databaseUrl})
  --project <id>       PROJECT_ID         default ${LOCAL_DEFAULTS.projectId}

A real Firebase project:
  --production         talk to identitytoolkit.googleapis.com and the real database
  --project <id>       your project id (required)
  --database-url <u>   e.g. https://<project>-default-rtdb.europe-west1.firebasedatabase.app
  --email, --password  the admin's sign-in (password from ADMIN_PASSWORD is safer than argv)
  --token <t>          ACCESS_TOKEN: an OAuth token of a project owner,
                       e.g. $(gcloud auth print-access-token)
`;

/** Where the local stack lives, for the command's default addresses (scripts/admin-account.ts reads the marker). */
export interface LocalStackLookup {
  dataDir: string;
  running: () => Promise<RunningStackView | null>;
}

export async function main(
  argv = process.argv.slice(2),
  env: Record<string, string | undefined> = process.env,
  log: (line: string) => void = console.log,
  local: LocalStackLookup = { dataDir: ".local-data", running: async () => null },
): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      email: { type: "string" },
      password: { type: "string" },
      "auth-url": { type: "string" },
      "database-url": { type: "string" },
      project: { type: "string" },
      token: { type: "string" },
      production: { type: "boolean", default: false },
      help: { type: "boolean", short: "h", default: false },
    },
  });
  if (values.help) {
    log(HELP);
    return 0;
  }
  const command = positionals[0] ?? "create";
  if (!["create", "reset-password"].includes(command)) throw new AdminAccountError(`unknown command "${command}"\n\n${HELP}`);
  const production = values.production;
  const target = production
    ? null
    : resolveLocalTarget({
        flags: { authUrl: values["auth-url"], databaseUrl: values["database-url"] },
        env,
        ports: portsFromEnv(),
        running: values["auth-url"] && values["database-url"] ? null : await local.running(),
        dataDir: local.dataDir,
      });
  const given = {
    email: values.email ?? env.ADMIN_EMAIL ?? (production ? undefined : LOCAL_DEFAULTS.email),
    password: values.password ?? env.ADMIN_PASSWORD ?? (production ? undefined : LOCAL_DEFAULTS.password),
    projectId: values.project ?? env.PROJECT_ID ?? (production ? undefined : LOCAL_DEFAULTS.projectId),
    authUrl: target?.authUrl,
    databaseUrl: target?.databaseUrl ?? values["database-url"] ?? env.DATABASE_URL,
    token: production ? (values.token ?? env.ACCESS_TOKEN) : "owner",
  };
  const required = { email: "--email", password: "--password", projectId: "--project", databaseUrl: "--database-url", token: "--token" } as const;
  for (const [key, flag] of Object.entries(required)) {
    if (!given[key as keyof typeof required]) throw new AdminAccountError(`${flag} is required with --production`);
  }
  // Every required field was checked just above.
  const options = given as AdminAccountOptions;
  const where = production ? `project ${options.projectId} (${options.databaseUrl})` : (target?.description ?? "");
  if (target?.confirmAuthKnows) await confirmSameStack(options, target.confirmAuthKnows, target.description);
  // Before any change: an owner with two stacks sees which one is about to change.
  log(`Changing ${options.email} on ${where}.`);
  if (command === "reset-password") {
    const { uid } = await resetPassword(options);
    log(`Password of ${options.email} (uid ${uid}) reset.`);
  } else {
    const { uid, created } = await ensureAdmin(options);
    log(`${created ? "Created" : "Reset the password of"} ${options.email} (uid ${uid}), wrote admins/${uid}: true and set the claim admin: true.`);
  }
  if (!production) await checkSignIn(options);
  return 0;
}

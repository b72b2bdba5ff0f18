// What the renderer's tests against the real servers share: the local database server enforcing the
// project's rules, the local mail server with the mail services the renderer's endpoints and the mail
// job use, and the renderer itself, over a minimal built shell, reading its config from a test's server.
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { createServer, type RequestListener, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { freePort } from "dev-tools/firebase-emulators";
import { mailsTo, readInbox, startMailServer, type InboxMail, type MailServer } from "dev-tools/mail-server";
import { startRtdbEmulator, type RtdbEmulator } from "rtdb-emulator";
import { createRenderer, type RendererOptions } from "../src/handler";
import { createMailServices, type MailServices } from "../src/mail/context";

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
export const NAMESPACE = "demo-portfolio-default-rtdb";
export const SITE = "https://portfolio.example";

export const port = (server: Server) => (server.address() as AddressInfo).port;
const listen = (server: Server) => new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
export const close = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()));

/** An HTTP server on a free local port. */
export async function serve(handler: RequestListener): Promise<Server> {
  const server = createServer(handler);
  await listen(server);
  return server;
}

/** A server answering every request with `value` as JSON (a test's config.json). */
export const serveJson = (value: unknown) => serve((_req, res) => res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify(value)));

/** The local database server with the project's rules. */
export const startDatabase = (): Promise<RtdbEmulator> =>
  startRtdbEmulator({ port: 0, rules: join(repoRoot, "database.rules.json"), defaultNamespace: NAMESPACE });

/** The database over REST: as the owner (rules bypassed: the test's own set-up) or as a visitor. */
export async function rest(
  database: RtdbEmulator,
  path: string,
  init: { method?: string; body?: unknown; as?: "owner" | "visitor" } = {},
): Promise<{ status: number; value: unknown }> {
  const res = await fetch(`${database.url}/${path}.json?ns=${NAMESPACE}`, {
    method: init.method ?? "GET",
    headers: init.as === "visitor" ? {} : { authorization: "Bearer owner" },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return { status: res.status, value: (await res.json()) as unknown };
}

/** A read or write as the owner that must succeed: its value. */
export async function owner(database: RtdbEmulator, method: "PUT" | "PATCH" | "GET", path: string, body?: unknown): Promise<unknown> {
  const { status, value } = await rest(database, path, { method, body });
  if (status >= 400) throw new Error(`${method} ${path}: ${status} ${JSON.stringify(value)}`);
  return value;
}

/** The Firebase part of a config.json, naming the local database. */
export const firebaseConfig = (database: RtdbEmulator) => ({
  apiKey: "k",
  authDomain: "",
  projectId: "demo-portfolio",
  appId: "a",
  databaseURL: `${database.url}/?ns=${NAMESPACE}`,
});

/** A minimal built shell on disk: the template and a manifest naming one script. */
function writeShell(): string {
  const shellDir = mkdtempSync(join(tmpdir(), "renderer-test-shell-"));
  mkdirSync(join(shellDir, ".vite"));
  writeFileSync(join(shellDir, "app.html"), "<html><head><!--app-head--></head><body><div id=root><!--app-html--></div><!--app-body--></body></html>");
  writeFileSync(join(shellDir, ".vite", "manifest.json"), JSON.stringify({ "index.html": { file: "assets/index.js" } }));
  return shellDir;
}

/** The renderer over the minimal shell, reading its config at `configServer`'s /config.json (ready before it answers). */
export async function serveRenderer(configServer: Server, options: Omit<RendererOptions, "shellDir" | "configUrl" | "maxAgeMs"> = {}): Promise<Server> {
  const render = createRenderer({
    shellDir: writeShell(),
    configUrl: `http://127.0.0.1:${port(configServer)}/config.json`,
    maxAgeMs: 0,
    log: () => undefined,
    ...options,
  });
  await render.ready;
  return serve((req, res) => void render.handle(req, res));
}

export interface MailStack {
  database: RtdbEmulator;
  mail: MailServer;
  services: MailServices;
  /** The mail services' settings, as a process running the mail job is given them. */
  env: Record<string, string>;
  /** The mails to `address` once there are `count` of them (or what came within 10 s). */
  waitForMails(address: string, count: number): Promise<InboxMail[]>;
  stop(): Promise<void>;
}

/** The database and mail servers, and the mail services using them as the mailer uid through the Admin SDK. */
export async function startMailStack(settings: Record<string, string>): Promise<MailStack> {
  const database = await startDatabase();
  const mail = await startMailServer({ smtp: await freePort("127.0.0.1"), web: await freePort("127.0.0.1") });
  const env = { MAIL_DATABASE_URL: `http://127.0.0.1:${database.port}?ns=${NAMESPACE}`, SMTP_URL: mail.smtpUrl, ...settings };
  process.env.FIREBASE_DATABASE_EMULATOR_HOST = `127.0.0.1:${database.port}`;
  const services = createMailServices(env) as MailServices;
  const stop = async () => {
    await services.close();
    delete process.env.FIREBASE_DATABASE_EMULATOR_HOST;
    await Promise.all([database.close(), mail.stop()]);
  };
  const waitForMails = async (address: string, count: number) => {
    const until = Date.now() + 10_000;
    for (;;) {
      const mails = mailsTo(await readInbox(mail.webUrl), address);
      if (mails.length >= count || Date.now() > until) return mails;
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  return { database, mail, services, env, waitForMails, stop };
}

export interface MailSite extends MailStack {
  /** The renderer's address of `path`. */
  url(path: string): string;
}

/** The mail stack, and the renderer answering the subscription and admin mail endpoints with it. */
export async function startMailSite(settings: Record<string, string>): Promise<MailSite> {
  const stack = await startMailStack(settings);
  const configServer = await serveJson({ firebase: firebaseConfig(stack.database), remotes: {}, site: { url: SITE } });
  const renderer = await serveRenderer(configServer, { mail: stack.services });
  return {
    ...stack,
    url: (path) => `http://127.0.0.1:${port(renderer)}${path}`,
    stop: async () => {
      await Promise.all([close(renderer), close(configServer), stack.stop()]);
    },
  };
}

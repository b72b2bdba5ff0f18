// The local mail server: maildev's SMTP server and its web inbox (with an HTTP API), in this
// process. The renderer and the mail job send to it with nodemailer exactly as production sends
// to its SMTP provider; nothing leaves the machine. Tests read the inbox through the same API.
import { createRequire } from "node:module";

/** The part of maildev's API used here (the package ships no types). */
interface MailDevServer {
  listen(callback: (error?: Error) => void): void;
  close(callback: () => void): void;
}
type MailDevConstructor = new (options: { smtp: number; web: number; ip: string; silent: boolean }) => MailDevServer;
const MailDev = createRequire(import.meta.url)("maildev") as MailDevConstructor;

export interface MailServer {
  /** What nodemailer is given: smtp://host:port (no TLS, no credentials). */
  smtpUrl: string;
  /** The web inbox, and the root of its API (GET /email, DELETE /email/all). */
  webUrl: string;
  stop(): Promise<void>;
}

/** The SMTP and web ports: MAIL_SMTP_PORT and MAIL_WEB_PORT, else 1025 and 1080. */
export function mailPortsFromEnv(env: NodeJS.ProcessEnv = process.env): { smtp: number; web: number } {
  const port = (name: string, fallback: number) => {
    const raw = env[name];
    if (raw === undefined || raw === "") return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < 0 || value > 65535) throw new Error(`${name}=${raw} is not a port number`);
    return value;
  };
  return { smtp: port("MAIL_SMTP_PORT", 1025), web: port("MAIL_WEB_PORT", 1080) };
}

export function startMailServer({ host = "127.0.0.1", smtp, web }: { host?: string; smtp: number; web: number }): Promise<MailServer> {
  const server = new MailDev({ smtp, web, ip: host, silent: true });
  return new Promise((resolve, reject) => {
    server.listen((error) => {
      if (error) return reject(new Error(`The mail server could not start (SMTP ${smtp}, web ${web}): ${error.message}`));
      resolve({
        smtpUrl: `smtp://${host}:${smtp}`,
        webUrl: `http://${host}:${web}`,
        stop: () => new Promise((done) => server.close(() => done())),
      });
    });
  });
}

/** A mail as the inbox's API lists it (the fields tests read). */
export interface InboxMail {
  id: string;
  subject: string;
  html?: string;
  text?: string;
  headers: Record<string, string>;
  to: { address: string }[];
}

/** Every mail in the inbox, oldest first. */
export async function readInbox(webUrl: string): Promise<InboxMail[]> {
  const res = await fetch(`${webUrl}/email`);
  if (!res.ok) throw new Error(`GET ${webUrl}/email: ${res.status}`);
  return (await res.json()) as InboxMail[];
}

export async function clearInbox(webUrl: string): Promise<void> {
  const res = await fetch(`${webUrl}/email/all`, { method: "DELETE" });
  if (!res.ok) throw new Error(`DELETE ${webUrl}/email/all: ${res.status}`);
}

/** The mails to one address. */
export const mailsTo = (mails: InboxMail[], address: string) => mails.filter((m) => m.to.some((t) => t.address.toLowerCase() === address.toLowerCase()));

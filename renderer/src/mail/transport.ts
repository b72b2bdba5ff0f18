// Sending mail: nodemailer over SMTP, the same code locally (the local mail server, maildev) and
// in production (the SMTP provider named by the SMTP_URL secret, docs/deploy.md).
import nodemailer from "nodemailer";

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
  /** A stable Message-ID: a mail sent again after a crash carries the same one. */
  messageId?: string;
}

export type SendMail = (mail: OutgoingMail) => Promise<void>;

/** The environment's mail settings; null when SMTP_URL or MAIL_SECRET is missing (signups then answer 503). */
export interface MailSettings {
  smtpUrl: string;
  secret: string;
  from: string;
}

export function mailSettings(env: NodeJS.ProcessEnv): MailSettings | null {
  if (!env.SMTP_URL || !env.MAIL_SECRET) return null;
  return { smtpUrl: env.SMTP_URL, secret: env.MAIL_SECRET, from: env.MAIL_FROM || "Blog <newsletter@localhost>" };
}

export function createSender(settings: Pick<MailSettings, "smtpUrl" | "from">): { send: SendMail; close(): void } {
  // A pool keeps one connection open for a whole send round instead of one per mail.
  const transport = nodemailer.createTransport(`${settings.smtpUrl}${settings.smtpUrl.includes("?") ? "&" : "?"}pool=true&maxConnections=1`);
  return {
    send: async (mail) => {
      await transport.sendMail({ from: settings.from, ...mail });
    },
    close: () => transport.close(),
  };
}

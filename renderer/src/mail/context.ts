// What the subscription endpoints and the mail job share, made once per process from the
// environment: the settings (SMTP_URL, MAIL_SECRET, MAIL_FROM), the database as the mailer uid,
// the SMTP sender, the site's name for the mails, and who the admin is (the admin's mail endpoints).
import { schedulerDatabaseUrl } from "../database-url";
import { createAdminAccess, type AdminAccess } from "./admin-access";
import { createMailDatabase, type MailDatabase } from "./mail-database";
import { createSender, mailSettings, type MailSettings, type SendMail } from "./transport";

export interface MailServices {
  settings: MailSettings;
  db: MailDatabase;
  send: SendMail;
  /** The name mails are signed with: the about record's name, else MAIL_SITE_NAME, else "the blog". */
  siteName(): Promise<string>;
  /** The admin's identity and reads as the admin, for the admin's mail endpoints. */
  admins: AdminAccess;
  close(): Promise<void>;
}

/** MAIL_DATABASE_URL, else the scheduler's database (SCHEDULER_DATABASE_URL or the project's default). */
export function mailDatabaseUrl(env: NodeJS.ProcessEnv): string {
  return env.MAIL_DATABASE_URL || schedulerDatabaseUrl(env);
}

export function createMailServices(env: NodeJS.ProcessEnv): MailServices | null {
  const settings = mailSettings(env);
  if (!settings) return null;
  const db = createMailDatabase(mailDatabaseUrl(env));
  const sender = createSender(settings);
  const admins = createAdminAccess(mailDatabaseUrl(env));
  let name: { value: string; at: number } | null = null;
  return {
    settings,
    db,
    send: sender.send,
    siteName: async () => {
      if (name && Date.now() - name.at < 60_000) return name.value;
      const stored = await db.read("site/about/name").catch(() => null);
      name = { value: typeof stored === "string" && stored ? stored : env.MAIL_SITE_NAME || "the blog", at: Date.now() };
      return name.value;
    },
    admins,
    close: async () => {
      sender.close();
      await Promise.all([db.close(), admins.close()]);
    },
  };
}

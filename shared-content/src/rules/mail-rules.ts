// The rules of the subscriptions' nodes (subscriptions.ts): subscribers and the mail job's
// bookkeeping are read by the admin and the mailer uid only; no visitor reads or writes any of it
// (a signup goes through the renderer, which writes as the mailer).
import { EMAIL_PATTERN, LIMITS, SLUG_PATTERN } from "../limits";
import { MAILER_UID, SIGNUP_KEY_PATTERN, SUBSCRIBER_ID_PATTERN, SUBSCRIPTION_LIMITS } from "../subscriptions";

type Rule = { [key: string]: string | boolean | string[] | Rule };

const re = (pattern: RegExp) => `/${pattern.source.replace(/(?<!\\)\//g, "\\/")}/`;
const and = (...parts: string[]) => parts.filter((p) => p !== "" && p !== "true").join(" && ");
const or = (...parts: string[]) => `(${parts.map((p) => `(${p})`).join(" || ")})`;
const validate = (condition: string): Rule => ({ ".validate": condition });
const has = (keys: string[]) => `newData.hasChildren(${JSON.stringify(keys).replaceAll('"', "'")})`;
const str = (max: number, pattern?: RegExp): Rule =>
  validate(and("newData.isString()", "newData.val().length >= 1", `newData.val().length <= ${max}`, pattern ? `newData.val().matches(${re(pattern)})` : ""));
const count: Rule = validate(and("newData.isNumber()", "newData.val() >= 0", "newData.val() % 1 === 0"));
const TIME: Rule = validate(and("newData.isNumber()", "newData.val() >= 0", "newData.val() <= now"));
const DENY_OTHERS: Rule = { $other: { ".validate": false } };

export function mailRules(isAdmin: string): { subscribers: Rule; mail: Rule } {
  const isMailer = `auth != null && auth.uid === '${MAILER_UID}'`;
  const adminOrMailer = or(isAdmin, isMailer);
  const slugOk = and(`$slug.matches(${re(SLUG_PATTERN)})`, "$slug.length <= 80");
  const subscribers: Rule = {
    ".read": adminOrMailer,
    ".indexOn": ["status", "email"],
    $id: {
      ".write": adminOrMailer,
      ".validate": and(`$id.matches(${re(SUBSCRIBER_ID_PATTERN)})`, has(["email", "status", "createdAt", "source"])),
      email: str(LIMITS.email.max, EMAIL_PATTERN),
      status: str(20, /^(pending|confirmed)$/),
      tags: {
        ".validate": "newData.hasChildren()",
        $i: validate(and(`$i.matches(/^[0-9]$/)`, "newData.isString()", "newData.val().length >= 1", `newData.val().length <= ${SUBSCRIPTION_LIMITS.tag.max}`)),
      },
      createdAt: TIME,
      confirmedAt: TIME,
      source: str(20, /^(form|import)$/),
      ...DENY_OTHERS,
    },
  };
  const lease = SUBSCRIPTION_LIMITS.claimLeaseMs;
  const state = (node: string) => `${node}.child('state').val()`;
  // A claim is taken when there is none, or when an earlier claim's sender died (its lease ran
  // out), or to retry a failure; it ends as sent or failed. A sent entry is final.
  const ledgerWrite = and(
    isMailer,
    "newData.exists()",
    or(
      and("!data.exists()", `${state("newData")} === 'sending'`),
      and(`${state("data")} === 'sending'`, `${state("newData")} !== 'sending'`),
      and(`${state("data")} === 'sending'`, `${state("newData")} === 'sending'`, `data.child('at').val() < now - ${lease}`),
      and(`${state("data")} === 'failed'`, `${state("newData")} === 'sending'`),
    ),
  );
  const mail: Rule = {
    ".read": adminOrMailer,
    since: { ".write": and(isMailer, "!data.exists()"), ...TIME },
    choices: {
      $slug: {
        ".write": isAdmin,
        ".validate": and(slugOk, has(["content"])),
        content: str(10, /^(summary|full)$/),
        sendAgain: { ".write": and(isMailer, "!newData.exists()"), ".validate": "newData.val() === true" },
        ...DENY_OTHERS,
      },
    },
    sends: {
      $slug: {
        ".write": isMailer,
        ".validate": and(slugOk, has(["round", "startedAt"])),
        round: validate(and("newData.isNumber()", "newData.val() >= 1", "newData.val() % 1 === 0")),
        startedAt: TIME,
        doneAt: TIME,
        sent: count,
        failed: count,
        ...DENY_OTHERS,
      },
    },
    ledger: {
      $slug: {
        $round: {
          $id: {
            ".write": ledgerWrite,
            ".validate": and(slugOk, "$round.matches(/^r[1-9][0-9]{0,5}$/)", `$id.matches(${re(SUBSCRIBER_ID_PATTERN)})`, has(["state", "at"])),
            state: str(10, /^(sending|sent|failed)$/),
            at: TIME,
            error: str(SUBSCRIPTION_LIMITS.error.max),
            ...DENY_OTHERS,
          },
        },
      },
    },
    signups: {
      $key: {
        ".write": isMailer,
        ".validate": and(`$key.matches(${re(SIGNUP_KEY_PATTERN)})`, has(["count", "since"])),
        count,
        since: count,
        ...DENY_OTHERS,
      },
    },
    ...DENY_OTHERS,
  };
  return { subscribers, mail };
}

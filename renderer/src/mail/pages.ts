// The pages the subscription endpoints answer with: a form's result without JavaScript (the
// form again with its field messages, or "check your inbox"), a confirmation, an unsubscription.
// Small standalone documents in the site's colours; they carry no script.
import { escapeHtml } from "./escape";
import type { SignupResult } from "./subscriptions";

const doc = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title></head><body style="font-family:system-ui,sans-serif;color:#0b1a33;max-width:40rem;margin:4rem auto;padding:0 1rem"><main><h1>${escapeHtml(title)}</h1>${body}<p><a href="/blogs">Back to the blog</a></p></main></body></html>`;

export const SIGNUP_ACCEPTED = "Thanks! Check your inbox: a link to confirm the subscription is on its way. Nothing is sent until you confirm.";
export const SIGNUP_LIMITED = "Too many signups just now. Please try again in an hour.";

export function signupPage(result: SignupResult): string {
  if (result.status === "accepted") return doc("Check your inbox", `<p role="status">${escapeHtml(SIGNUP_ACCEPTED)}</p>`);
  if (result.status === "limited") return doc("Please try again later", `<p role="alert">${escapeHtml(SIGNUP_LIMITED)}</p>`);
  const { errors, values } = result;
  const field = (name: "email" | "tags", label: string, type: string, hint = "") => {
    const error = errors[name];
    const describedBy = [hint ? `${name}-hint` : "", error ? `${name}-error` : ""].filter(Boolean).join(" ");
    return `<p><label for="${name}">${label}</label><br><input id="${name}" name="${name}" type="${type}" value="${escapeHtml(values[name])}"${describedBy ? ` aria-describedby="${describedBy}"` : ""}${error ? ' aria-invalid="true"' : ""}>${hint ? `<br><small id="${name}-hint">${hint}</small>` : ""}${error ? `<br><strong id="${name}-error">${escapeHtml(error)}</strong>` : ""}</p>`;
  };
  return doc(
    "Subscribe by email",
    `<p role="alert">Please correct the form.</p><form method="post" action="/subscribe">${field("email", "Email", "email")}${field("tags", "Only posts tagged (optional)", "text", "Comma separated; leave empty for every post.")}<button type="submit">Subscribe</button></form>`,
  );
}

export function linkPage(kind: "confirm" | "unsubscribe", result: { status: "done"; email: string } | { status: "invalid" | "expired" | "gone" }): string {
  if (kind === "confirm") {
    if (result.status === "done")
      return doc(
        "Subscription confirmed",
        `<p role="status">${escapeHtml(result.email)} will receive each new post by email. Every mail has a link to unsubscribe.</p>`,
      );
    if (result.status === "expired")
      return doc("This link has expired", "<p>Confirmation links are valid for 3 days. Subscribe again from the blog to get a new one.</p>");
    return doc("This link is not valid", "<p>It may be incomplete, or the subscription was removed. Subscribe again from the blog.</p>");
  }
  if (result.status === "done")
    return doc(
      "You are unsubscribed",
      `<p role="status">${escapeHtml(result.email)} will receive no more emails from this blog, and the address has been deleted.</p>`,
    );
  if (result.status === "gone")
    return doc("You are unsubscribed", '<p role="status">This address is not subscribed: it receives no emails from this blog.</p>');
  return doc("This link is not valid", "<p>It may be incomplete. Use the link from the most recent email.</p>");
}

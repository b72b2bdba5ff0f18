// The mails: the confirmation of a signup and a new post. Each has an HTML and a plain-text part;
// a post's mail carries the subscriber's own unsubscribe link in its body and in the
// List-Unsubscribe headers of RFC 8058 (one-click: the mail client POSTs to the link).
import { escapeHtml } from "./escape";
import type { OutgoingMail } from "./transport";

const page = (body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"></head><body style="font-family:system-ui,sans-serif;max-width:40rem;margin:0 auto;padding:1rem;color:#0b1a33">${body}</body></html>`;

export function confirmationMail({ to, link, siteName, tags }: { to: string; link: string; siteName: string; tags: string[] }): OutgoingMail {
  const what = tags.length > 0 ? `new posts tagged ${tags.join(", ")}` : "every new post";
  return {
    to,
    subject: `Confirm your subscription to ${siteName}`,
    text: `Someone (we hope you) asked to receive ${what} from ${siteName} by email.\n\nConfirm the subscription by opening this link (valid for 3 days):\n${link}\n\nIf it was not you, ignore this mail: nothing will be sent.\n`,
    html: page(
      `<p>Someone (we hope you) asked to receive ${escapeHtml(what)} from ${escapeHtml(siteName)} by email.</p><p><a href="${escapeHtml(link)}">Confirm the subscription</a> (the link is valid for 3 days).</p><p>If it was not you, ignore this mail: nothing will be sent.</p>`,
    ),
  };
}

export interface PostForMail {
  slug: string;
  title: string;
  summary: string;
  /** The sanitised HTML of the body (the owner chose the full post), else the summary is sent. */
  bodyHtml?: string;
  coverUrl?: string;
  coverAlt?: string;
  url: string;
}

/** Plain text of sanitised HTML, for the text part of a full post. */
export function htmlToText(html: string): string {
  return html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, "")
    .replace(/<br\s*\/?>/gi, "\n")
    .replace(/<\/(p|h[1-6]|li|pre|blockquote|div|tr)>/gi, "\n\n")
    .replace(/<[^>]+>/g, "")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

export function postMail({
  to,
  post,
  siteName,
  unsubscribe,
  messageId,
}: {
  to: string;
  post: PostForMail;
  siteName: string;
  unsubscribe: string;
  messageId: string;
}): OutgoingMail {
  const content = post.bodyHtml ?? `<p>${escapeHtml(post.summary)}</p>`;
  const cover = post.coverUrl
    ? `<p><img src="${escapeHtml(post.coverUrl)}" alt="${escapeHtml(post.coverAlt ?? "")}" style="max-width:100%;height:auto"></p>`
    : "";
  const text = [
    post.title,
    "",
    post.bodyHtml ? htmlToText(post.bodyHtml) : post.summary,
    "",
    `Read it on ${siteName}: ${post.url}`,
    "",
    `You receive this because you subscribed to ${siteName}. Unsubscribe: ${unsubscribe}`,
  ].join("\n");
  return {
    to,
    subject: post.title,
    messageId,
    text,
    html: page(
      `${cover}<h1 style="font-size:1.6rem">${escapeHtml(post.title)}</h1>${content}<p><a href="${escapeHtml(post.url)}">Read it on ${escapeHtml(siteName)}</a></p><hr><p style="font-size:.85rem;color:#555">You receive this because you subscribed to ${escapeHtml(siteName)}. <a href="${escapeHtml(unsubscribe)}">Unsubscribe</a></p>`,
    ),
    headers: { "List-Unsubscribe": `<${unsubscribe}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  };
}

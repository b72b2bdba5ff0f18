// robots.txt with the sitemap's absolute address (crawlers need it whole). robots.txt is a static
// file of the shell, not rendered: Cloud Functions (and their emulator) answer /robots.txt with a
// 404 before any function runs. So the site's URL (the runtime config's site.url) is added where
// the shell's files are served: by the local stack into its staged copy, and before a deploy by
//   npx tsx scripts/robots.ts https://example.com [shell/dist]
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";

/** `text` with exactly one `Sitemap:` line, naming `${siteUrl}/sitemap.xml`. */
export function withSitemapLine(text: string, siteUrl: string): string {
  const url = new URL(siteUrl);
  if (url.protocol !== "https:" && url.protocol !== "http:") throw new Error(`robots.txt: ${siteUrl} is not the site's http(s) address`);
  const base = `${url.origin}${url.pathname.replace(/\/+$/, "")}`;
  const rest = text.replace(/^sitemap:.*(\r?\n|$)/gim, "").trimEnd();
  return `${rest}\nSitemap: ${base}/sitemap.xml\n`;
}

/** Rewrites `dir`/robots.txt with the sitemap line for `siteUrl`. */
export async function writeRobotsTxt(dir: string, siteUrl: string): Promise<void> {
  const file = join(dir, "robots.txt");
  await writeFile(file, withSitemapLine(await readFile(file, "utf8"), siteUrl));
}

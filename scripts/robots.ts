// Before deploying the shell's site: writes the absolute Sitemap line into its robots.txt.
//   npx tsx scripts/robots.ts https://example.com [shell/dist]
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { writeRobotsTxt } from "./lib/robots";

const [siteUrl, dir = join(dirname(fileURLToPath(import.meta.url)), "..", "shell", "dist")] = process.argv.slice(2);
if (!siteUrl) {
  console.error("usage: npx tsx scripts/robots.ts <site url, as site.url in config.json> [folder with robots.txt, default shell/dist]");
  process.exit(2);
}
await writeRobotsTxt(resolve(dir), siteUrl);
console.log(`robots.txt in ${resolve(dir)} names ${siteUrl.replace(/\/+$/, "")}/sitemap.xml`);

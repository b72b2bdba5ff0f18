export function withSitemapLine(text: string, siteUrl: string): string;
export function writeRobotsTxt(dir: string, siteUrl: string): Promise<void>;

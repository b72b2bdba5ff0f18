export const DEBIAN_CHROMIUM: string;
export const OFFLINE_CHROMIUM_FLAGS: string[];
export function chromiumLaunchOptions(): { executablePath?: string; args?: string[] };

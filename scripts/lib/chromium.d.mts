export const DEBIAN_CHROMIUM: string;
export const OFFLINE_CHROMIUM_FLAGS: string[];
export function chromiumLaunchOptions(): { executablePath?: string; args?: string[] };
export function browserCheckConfig(
  configUrl: string,
  options?: { testMatch?: string },
): {
  testDir: string;
  testMatch: string;
  outputDir: string;
  workers: number;
  retries: number;
  forbidOnly: boolean;
  timeout: number;
  reporter: (["list"] | ["json", { outputFile: string }])[];
  use: { launchOptions: { executablePath?: string; args?: string[] } };
};

import type { Plugin } from "vite";
export const DEV_SERVER_PORTS: Record<string, [string, number]>;
export function devServerUrl(name: string): string;
export function serveDevConfig(): Plugin;

import type { Plugin } from "vite";
export function serveDevConfig(): Plugin;

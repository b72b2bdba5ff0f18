// The renderer's share scope: its own copies of the federation shared modules, which the remotes'
// server entries use instead of their own (so a remote's screen reads the page's render store and
// router). The list is federation-kit/shared's; shared-modules.test.ts fails when they differ.
import type { HostContract } from "federation-contract";
import * as React from "react";
import * as ReactDOM from "react-dom";
import * as sharedAuth from "shared-auth";
import * as sharedContent from "shared-content";
import * as sharedRouter from "shared-router";
import { REMOTE_SCREENS } from "shell/server";

/** Versions from federation-kit/shared, set by the build (vite.config.ts). */
declare const __SHARED_VERSIONS__: Record<string, string>;

export const SERVER_SHARED: Record<string, Record<string, unknown>> = {
  react: React,
  "react-dom": ReactDOM,
  "shared-auth": sharedAuth,
  "shared-content": sharedContent,
  "shared-router": sharedRouter,
};

export const sharedVersion = (name: string): string => __SHARED_VERSIONS__[name] ?? "0.0.0";

/** npm packages a remote's server chunks import directly: resolved to this process's copies. */
export const NPM_SHARED = [
  "react",
  "react/jsx-runtime",
  "react-dom",
  "react-dom/client",
  "zustand",
  "react-router-dom",
  "valibot",
  "marked",
  "dompurify",
  "@module-federation/runtime",
];

/** What this renderer provides to remotes: each shared module's version and its actual exports. */
export const serverHost: HostContract = {
  shared: Object.fromEntries(Object.entries(SERVER_SHARED).map(([name, lib]) => [name, { version: sharedVersion(name), exports: Object.keys(lib).sort() }])),
  screens: REMOTE_SCREENS,
};

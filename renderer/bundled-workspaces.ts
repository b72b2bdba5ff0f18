// The workspace packages compiled into the renderer's bundle (npm packages stay external,
// installed beside it as the Functions runtime does). The one list: vite.config.ts bundles
// these, and tests/bundled-workspaces.test.ts fails when the renderer's imports (or theirs) reach
// a workspace package missing here, or when turbo.json does not build these before the renderer.
// Not in package.json: Cloud Functions installs its dependencies from the npm registry.
export const BUNDLED_WORKSPACES = [
  "shell",
  "runtime-config",
  "shared-auth",
  "shared-content",
  "shared-router",
  "shared-ui",
  "federation-contract",
  "release-protocol",
  "federation-kit",
] as const;

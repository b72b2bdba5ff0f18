import { describe, expect, it } from "vitest";
import * as React from "react";
import * as sharedContent from "shared-content";
import { sharedModules } from "federation-kit/shared";
import { HOST_SHARED, federationHost, hostShares } from "./federation-host";

describe("the shell's federation host", () => {
  it("offers exactly the modules federation-kit/shared shares, at its versions, each a singleton", () => {
    expect(Object.keys(HOST_SHARED).sort()).toEqual(Object.keys(sharedModules).sort());
    // What the page's instance registered, not only what hostShares() returns.
    const registered = federationHost.options.shared;
    expect(Object.keys(registered).sort()).toEqual(Object.keys(sharedModules).sort());
    for (const [name, config] of Object.entries(sharedModules)) {
      const [share] = registered[name] ?? [];
      expect(share?.version).toBe(config.version);
      expect(share?.shareConfig).toMatchObject({ singleton: true, requiredVersion: `^${config.version}` });
    }
  });

  it("refuses to start without a version for a shared module", () => {
    expect(() => hostShares({ react: "19.3.1" })).toThrow(/no version for the shared module react-dom/);
  });

  it("hands a consumer the shell's own copies, not new ones", async () => {
    const react = await federationHost.loadShare<typeof React>("react");
    expect(react && react()).toBe(React);
    const content = await federationHost.loadShare<typeof sharedContent>("shared-content");
    expect(content && content()).toBe(sharedContent);
  });

  it("publishes its runtime for the remotes, which are built without one (experiments.externalRuntime)", () => {
    // What a remote's runtime shim reads, by this name (@module-federation/vite's externalRuntime):
    // the very runtime the shell's instance was made by, claimed by the shell when it started.
    const published = globalThis as { _FEDERATION_RUNTIME_CORE?: { ModuleFederation?: unknown }; _FEDERATION_RUNTIME_CORE_FROM?: { name?: string } };
    expect(published._FEDERATION_RUNTIME_CORE?.ModuleFederation).toBe(federationHost.constructor);
    expect(published._FEDERATION_RUNTIME_CORE_FROM?.name).toBe("shell");
  });
});

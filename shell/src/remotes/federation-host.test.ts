import { describe, expect, it } from "vitest";
import * as React from "react";
import * as sharedContent from "shared-content";
import { sharedModules } from "../../../federation.shared.ts";
import { HOST_SHARED, federationHost, hostShares } from "./federation-host";

describe("the shell's federation host", () => {
  it("offers exactly the modules federation.shared.ts shares, at its versions, each a singleton", () => {
    expect(Object.keys(HOST_SHARED).sort()).toEqual(Object.keys(sharedModules).sort());
    const shares = hostShares();
    for (const [name, config] of Object.entries(sharedModules)) {
      expect(shares[name]?.version).toBe(config.version);
      expect(shares[name]?.shareConfig).toEqual({ singleton: true, requiredVersion: `^${config.version}` });
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
    // What a remote's runtime shim reads, by this name (@module-federation/vite's externalRuntime).
    const published = (globalThis as { _FEDERATION_RUNTIME_CORE?: { ModuleFederation?: unknown } })._FEDERATION_RUNTIME_CORE;
    expect(typeof published?.ModuleFederation).toBe("function");
  });
});

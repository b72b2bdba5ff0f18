import { describe, expect, it } from "vitest";
import { sharedModules } from "federation-kit/shared";
import { SERVER_SHARED, serverHost } from "./shared-modules";

describe("the renderer's share scope", () => {
  it("holds a copy of exactly the modules federation-kit/shared shares, at its versions", () => {
    expect(Object.keys(SERVER_SHARED).sort()).toEqual(Object.keys(sharedModules).sort());
    for (const [name, config] of Object.entries(sharedModules)) expect(serverHost.shared[name]?.version).toBe(config.version);
  });

  it("lists the real exports of each copy (what a remote's imports are checked against)", () => {
    expect(serverHost.shared["shared-content"]?.exports).toContain("usePageMeta");
    expect(serverHost.shared["react"]?.exports).toContain("useState");
    expect(serverHost.shared["shared-content"]?.exports).not.toContain("NotAnExport");
  });
});

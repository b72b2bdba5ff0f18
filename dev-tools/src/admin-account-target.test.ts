import { describe, expect, it } from "vitest";
import { resolveLocalTarget, type RunningStackView, type TargetInputs } from "./admin-account-target";

const NS = "?ns=demo-portfolio-default-rtdb";
const inputs = (over: Partial<TargetInputs> = {}): TargetInputs => ({
  flags: {},
  env: {},
  ports: { auth: 9099, database: 9000 },
  running: null,
  dataDir: "/repo/.local-data",
  ...over,
});
const stack: RunningStackView = {
  pid: 4242,
  dataDir: "/repo/.local-data",
  siteUrl: "http://127.0.0.1:7173",
  databaseUrl: "http://127.0.0.1:9004",
  authUrl: "http://127.0.0.1:9103",
  demoAdminUid: "demo-admin-uid-1",
};

describe("which stack npm run admin-account changes", () => {
  it("with nothing set and no stack running: the defaults, said to be the defaults", () => {
    const target = resolveLocalTarget(inputs());
    expect(target.authUrl).toBe("http://127.0.0.1:9099");
    expect(target.databaseUrl).toBe(`http://127.0.0.1:9000/${NS}`);
    expect(target.description).toContain("AUTH_PORT=9099 (default), DATABASE_PORT=9000 (default)");
    expect(target.description).toContain("no stack is running from /repo/.local-data");
  });

  it("follows AUTH_PORT and DATABASE_PORT as npm start does", () => {
    const target = resolveLocalTarget(inputs({ env: { AUTH_PORT: "9103", DATABASE_PORT: "9004" }, ports: { auth: 9103, database: 9004 } }));
    expect(target.authUrl).toBe("http://127.0.0.1:9103");
    expect(target.databaseUrl).toBe(`http://127.0.0.1:9004/${NS}`);
    expect(target.description).toContain("AUTH_PORT=9103, DATABASE_PORT=9004");
  });

  it("uses a running stack's own addresses, and names it", () => {
    const target = resolveLocalTarget(inputs({ running: stack }));
    expect(target.authUrl).toBe("http://127.0.0.1:9103");
    expect(target.databaseUrl).toBe(`http://127.0.0.1:9004/${NS}`);
    expect(target.description).toBe(
      `the local stack running from /repo/.local-data (process 4242, site http://127.0.0.1:7173; Auth http://127.0.0.1:9103, database http://127.0.0.1:9004/${NS})`,
    );
  });

  it("says so when a port variable disagrees with the running stack, and keeps to the stack", () => {
    const target = resolveLocalTarget(inputs({ running: stack, env: { AUTH_PORT: "9099", DATABASE_PORT: "9004" }, ports: { auth: 9099, database: 9004 } }));
    expect(target.authUrl).toBe("http://127.0.0.1:9103");
    expect(target.description).toContain("AUTH_PORT=9099 is set, but this stack's Auth is on port 9103");
    expect(target.description).not.toContain("DATABASE_PORT=9004 is set");
  });

  it("a stack serving no config (npm run emulators): its database, Auth from AUTH_PORT", () => {
    const target = resolveLocalTarget(
      inputs({ running: { ...stack, siteUrl: null, authUrl: null }, env: { AUTH_PORT: "9103" }, ports: { auth: 9103, database: 9000 } }),
    );
    expect(target.authUrl).toBe("http://127.0.0.1:9103");
    expect(target.databaseUrl).toBe(`http://127.0.0.1:9004/${NS}`);
    expect(target.description).toContain("Auth is taken from AUTH_PORT");
    // A guessed Auth address must prove it is this stack's before anything changes.
    expect(target.confirmAuthKnows).toBe("demo-admin-uid-1");
    expect(resolveLocalTarget(inputs({ running: stack })).confirmAuthKnows).toBeNull();
  });

  it("addresses given by hand win over the stack and the variables", () => {
    const given = { authUrl: "http://127.0.0.1:1234", databaseUrl: `http://127.0.0.1:5678/${NS}` };
    const target = resolveLocalTarget(inputs({ flags: given, running: stack, env: { AUTH_PORT: "9103" } }));
    expect(target).toMatchObject(given);
    expect(target.description).toContain("given by hand");
    const fromEnv = resolveLocalTarget(inputs({ env: { AUTH_EMULATOR_URL: "http://127.0.0.1:1111", DATABASE_URL: "http://127.0.0.1:2222/" } }));
    expect(fromEnv).toMatchObject({ authUrl: "http://127.0.0.1:1111", databaseUrl: "http://127.0.0.1:2222/" });
  });
});

// `npm test`: every check the project has, in the order that fails fastest, then one total.
// Stages: typecheck + lint, unused code (knip), import cycles (madge), unit/integration tests (Vitest, per workspace), production build,
// browser tests (Playwright). Every runner writes a JSON report under <workspace>/.reports/,
// and the last line printed is the total over all of them: "N passed, M failed".
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { DEBIAN_CHROMIUM } from "dev-tools/chromium";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const workspaces: string[] = JSON.parse(readFileSync(join(root, "package.json"), "utf8")).workspaces;
const env: NodeJS.ProcessEnv = { ...process.env, TURBO_TELEMETRY_DISABLED: "1", FIREBASE_CLI_DISABLE_UPDATE_CHECK: "1" };

/**
 * The Chromium majors the whole suite was verified on. Majors differ where the browser tests look
 * closely (Chromium 150 kept a failed module fetch for the life of the page, 156 does not), so a
 * run on another one may report failures that say nothing about the code. To verify a new major,
 * run with ALLOW_UNVERIFIED_CHROMIUM=1 and add it here once everything passes.
 */
const VERIFIED_CHROMIUM_MAJORS = [156];
const INSTALL_CHROMIUM = "apt-get update && apt-get install chromium";

/** Why this machine's Chromium cannot run the suite, or null when it can. */
function chromiumRefusal(): string | null {
  if (!existsSync(DEBIAN_CHROMIUM)) return `no Chromium at ${DEBIAN_CHROMIUM}; install it with \`${INSTALL_CHROMIUM}\``;
  const printed = spawnSync(DEBIAN_CHROMIUM, ["--version"], { encoding: "utf8" }).stdout ?? "";
  const major = Number(/\b(\d+)\.\d+\.\d+\.\d+\b/.exec(printed)?.[1]);
  if (VERIFIED_CHROMIUM_MAJORS.includes(major)) return null;
  const verified = VERIFIED_CHROMIUM_MAJORS.map((n) => `Chromium ${n}`).join(" or ");
  const found = printed.trim() || `no version from \`${DEBIAN_CHROMIUM} --version\``;
  const advice =
    major > Math.max(...VERIFIED_CHROMIUM_MAJORS)
      ? "To verify this newer one, run with ALLOW_UNVERIFIED_CHROMIUM=1 and, once everything passes, add it to VERIFIED_CHROMIUM_MAJORS in scripts/test.ts"
      : `Install ${verified} with \`${INSTALL_CHROMIUM}\` (without the update, apt installs an older one)`;
  return `the browser tests were verified on ${verified}; this machine has ${found}. ${advice}`;
}

const refusal = process.env.ALLOW_UNVERIFIED_CHROMIUM === "1" ? null : chromiumRefusal();
if (refusal) {
  console.error(`npm test: ${refusal}.`);
  // The documented last line, so whoever reads only that sees a failure.
  console.log("0 passed, 1 failed");
  process.exit(1);
}

for (const ws of workspaces) rmSync(join(root, ws, ".reports"), { recursive: true, force: true });

const failedStages: string[] = [];
function stage(name: string, cmd: string, args: string[]) {
  console.log(`\n=== ${name}: ${cmd} ${args.join(" ")}`);
  const started = Date.now();
  const result = spawnSync(cmd, args, { cwd: root, stdio: "inherit", env });
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  const ok = result.status === 0;
  console.log(`=== ${name}: ${ok ? "ok" : `FAILED (exit ${result.status ?? result.signal})`} in ${seconds} s`);
  if (!ok) failedStages.push(name);
  return ok;
}

const turbo = ["turbo", "run"];
const vitestArgs = ["--", "--reporter=default", "--reporter=json", "--outputFile.json=.reports/vitest.json"];

stage("formatting", "npx", ["prettier", "--check", "--log-level=warn", "."]);
stage("typecheck and lint", "npx", [...turbo, "typecheck", "lint", "--concurrency=2"]);
// The root's own file, eslint's config (the federation kit, the scripts and the seed generator
// are workspaces, linted with them).
stage("lint of the root files", "npx", ["eslint", "eslint.config.js"]);
// Unused files, exports and dependencies in every workspace (knip.json says where each starts).
stage("unused code", "npm", ["run", "--silent", "check:unused"]);
// Import cycles at run time, type-only imports left out (.madgerc).
stage("import cycles", "npm", ["run", "--silent", "check:cycles"]);
// Tests that start emulators are sensitive to CPU starvation on 2 cores: one workspace at a time;
// --continue so that one failing workspace does not hide the others' results from the total.
stage("unit and integration tests", "npx", [...turbo, "test", "--concurrency=1", "--continue", ...vitestArgs]);
for (const ws of workspaces) {
  const scripts = JSON.parse(readFileSync(join(root, ws, "package.json"), "utf8")).scripts ?? {};
  if (scripts["test:browser"]) stage(`${ws} browser tests`, "npm", ["run", "test:browser", "-w", ws]);
}
if (stage("production build", "npx", [...turbo, "build"])) {
  // The build above is what the browser tests serve, so the stack does not build again.
  env.E2E_SKIP_BUILD = "1";
  stage("end-to-end tests", "npm", ["run", "e2e", "-w", "e2e"]);
} else {
  console.log("=== end-to-end tests: not run, the build failed");
}

// Totals from the JSON reports: Vitest (numPassedTests/numFailedTests) and Playwright (stats).
let passed = 0;
let failed = 0;
for (const ws of workspaces) {
  const dir = join(root, ws, ".reports");
  if (!existsSync(dir)) continue;
  for (const file of readdirSync(dir).filter((f) => f.endsWith(".json"))) {
    const report = JSON.parse(readFileSync(join(dir, file), "utf8"));
    if (typeof report.numPassedTests === "number") {
      passed += report.numPassedTests;
      failed += report.numFailedTests + (report.numRuntimeErrorTestSuites ?? 0);
    } else if (report.stats) {
      passed += (report.stats.expected ?? 0) + (report.stats.flaky ?? 0);
      failed += report.stats.unexpected ?? 0;
    }
  }
}
// A stage that failed without a failing test (typecheck, lint, build, a crashed runner) counts once.
const isTestStage = (name: string) => name.endsWith("tests");
const silentFailures = failedStages.filter((s) => !isTestStage(s) || failed === 0).length;
failed += silentFailures;
if (failedStages.length) console.log(`\nFailed stages: ${failedStages.join(", ")}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failedStages.length ? 1 : 0);

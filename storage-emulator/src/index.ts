export { startStorageEmulator } from "./server.js";
export type { StorageEmulator, StorageEmulatorOptions } from "./server.js";
export { compileRules, RulesError } from "./rules/index.js";
export type { CompiledRules, Decision, RulesRequest } from "./rules/index.js";

export { startRtdbEmulator, DEFAULT_NAMESPACE } from "./server.js";
export type { RtdbEmulator, RtdbEmulatorOptions, RtdbEmulatorStats } from "./server.js";
export type { RecoveryReport } from "./persistence.js";
export { compileRules, stripJsonComments } from "./rules.js";
export { hashValue } from "./hash.js";

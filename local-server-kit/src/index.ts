export { listen, watchRulesFile } from "./server.js";
export { CliUsageError, runEmulatorCli, usageOf, type CliValues, type EmulatorCli } from "./cli.js";
export { answerPreflight, decodeIdToken, readBody, requestUrl, type EdgeErrors, type IdTokenClaims } from "./http-edge.js";
export { TEMP_SUFFIX, syncDir, writeFileAtomic } from "./durable-file.js";
export { serveInstance, type InstanceStop, type LocalServerInstance, type StartLocalServer } from "./instance.js";

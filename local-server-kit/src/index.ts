export { listen, watchRulesFile } from "./server.js";
export { CliUsageError, runEmulatorCli, usageOf, type CliValues, type EmulatorCli } from "./cli.js";

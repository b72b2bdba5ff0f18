export { listen, watchRulesFile } from "./server.js";
export { CliUsageError, runEmulatorCli, type CliValues, type EmulatorCli } from "./cli.js";

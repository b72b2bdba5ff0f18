import { fileURLToPath } from "node:url";

// Plain JavaScript on purpose: the emulators' committed bin files import it before anything
// is built (npm does not link a bin whose target file is missing, so the bin cannot be dist/).

/**
 * Imports a workspace's built CLI, or says in plain words that it must be built first.
 * @param {string} name the workspace, as `npm run build -w <name>` spells it
 * @param {URL} builtCli the compiled CLI, e.g. `new URL("../dist/cli.js", import.meta.url)`
 */
export function launchBuiltCli(name, builtCli) {
  import(builtCli.href).catch((err) => {
    if (err && err.code === "ERR_MODULE_NOT_FOUND" && String(err.message).includes(fileURLToPath(builtCli))) {
      console.error(`${name} is not built yet: run \`npm run build\` (or \`npm run build -w ${name}\`) first.`);
    } else {
      console.error(err);
    }
    process.exit(1);
  });
}

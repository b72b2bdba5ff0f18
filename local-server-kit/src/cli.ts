// The command line both emulators share: the common options, the usage on bad input, the
// "listening on" line that scripts and tests wait for, and a stop that flushes on the first
// signal and gives up waiting on the second.
import { parseArgs } from "node:util";

/** Thrown by `start` for input the options parser cannot judge: printed with the usage, exit code 2. */
export class CliUsageError extends Error {}

/** The options every emulator takes, parsed and checked. */
export interface CliValues {
  port: number;
  host: string;
  rules: string | undefined;
  data: string | undefined;
  fsync: boolean;
  quiet: boolean;
  /** The emulator's own string options (`extraOptions`), as given. */
  extra: Record<string, string | undefined>;
  /** Prints a line with the emulator's prefix, unless --quiet. */
  log: (line: string) => void;
}

export interface EmulatorCli {
  /** The program's name: the prefix of every line it prints. */
  name: string;
  /** What follows the name in the usage line: "[options]", "--rules <file> [options]". */
  synopsis: string;
  defaultPort: number;
  /** The usage lines of the emulator's own options (--rules, --data, ...), between --host and --no-fsync. */
  optionLines: readonly string[];
  /** Names of further string options (`--seed <file>`). */
  extraOptions?: readonly string[];
  /** Starts the server and prints what recovery found; the returned server's `url` is announced. */
  start: (values: CliValues) => Promise<{ url: string; close: () => Promise<void> }>;
}

/** The usage text: the common options around the emulator's own. */
export function usageOf(cli: EmulatorCli): string {
  return [
    `Usage: ${cli.name} ${cli.synopsis}`,
    `  --port <n>        port (default ${cli.defaultPort}; 0 picks a free one)`,
    "  --host <addr>     address to bind (default 127.0.0.1)",
    ...cli.optionLines.map((line) => `  ${line}`),
    "  --no-fsync        do not flush to disk before acknowledging (still survives kill -9)",
    "  --quiet           print only the listening line and errors",
    "  --help",
  ].join("\n");
}

/** Runs an emulator's command line in this process until SIGINT or SIGTERM. */
export function runEmulatorCli(cli: EmulatorCli): void {
  main(cli).catch((err: unknown) => {
    if (err instanceof CliUsageError) {
      console.error(`${err.message}\n${usageOf(cli)}`);
      process.exit(2);
    }
    console.error(`[${cli.name}] failed to start: ${(err as Error)?.message ?? String(err)}`);
    process.exit(1);
  });
}

async function main(cli: EmulatorCli): Promise<void> {
  const extra = Object.fromEntries((cli.extraOptions ?? []).map((name) => [name, { type: "string" as const }]));
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        port: { type: "string", default: String(cli.defaultPort) },
        host: { type: "string", default: "127.0.0.1" },
        rules: { type: "string" },
        data: { type: "string" },
        "no-fsync": { type: "boolean", default: false },
        quiet: { type: "boolean", default: false },
        help: { type: "boolean", default: false },
        ...extra,
      },
      strict: true,
    }));
  } catch (err) {
    throw new CliUsageError((err as Error).message);
  }
  if (values.help) {
    console.log(usageOf(cli));
    return;
  }
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`Invalid --port ${values.port}`);
    process.exit(2);
  }
  const quiet = values.quiet;
  const emulator = await cli.start({
    port,
    host: values.host,
    rules: values.rules,
    data: values.data,
    fsync: !values["no-fsync"],
    quiet,
    extra: Object.fromEntries(Object.keys(extra).map((name) => [name, (values as Record<string, unknown>)[name] as string | undefined])),
    log: (line) => {
      if (!quiet) console.log(`[${cli.name}] ${line}`);
    },
  });
  console.log(`[${cli.name}] listening on ${emulator.url}`);
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) {
      console.error(`[${cli.name}] ${signal} again: exiting without waiting`);
      process.exit(1);
    }
    stopping = true;
    if (!quiet) console.log(`[${cli.name}] ${signal}: flushing and stopping`);
    emulator.close().then(
      () => process.exit(0),
      (err: unknown) => {
        console.error(err);
        process.exit(1);
      },
    );
  };
  process.on("SIGINT", () => stop("SIGINT"));
  process.on("SIGTERM", () => stop("SIGTERM"));
}

#!/usr/bin/env node
// `npm run release|rollback|releases` (docs/releases.md): scripts/releases/cli.ts does the work.
import { main } from "./releases/cli";

process.exit(await main(process.argv.slice(2)));

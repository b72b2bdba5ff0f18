// The page's entry: start-up as a sequence of short tasks. Lighthouse's mobile preset counts a
// task as blocking a phone once it runs 12.5 ms on a desktop-class host (it multiplies each by 4),
// and evaluating every library, starting the federation runtime and hydrating in one task blocked
// for hundreds of ms (docs/benchmarks.md). So the libraries' chunks (shell/vite.config.ts) are
// evaluated one at a time, each import evaluating only what the ones before it did not, with a
// yield to the browser between them; then the shell's own start-up (start.tsx) yields between
// its steps too.
import "./theme/global.css";
import { showStartFailure } from "./start-failure";
import { yieldToMain } from "./yield-to-main";

const LIBRARY_STEPS = [() => import("react-dom/client"), () => import("shared-router"), () => import("shared-content")];

try {
  for (const step of LIBRARY_STEPS) {
    await step();
    await yieldToMain();
  }
  const { start } = await import("./start");
  await start();
} catch (error) {
  // start() handles its own failures; this is a library chunk that could not be loaded.
  console.error("[shell] start-up failed", error);
  if (!document.getElementById("page-data")) showStartFailure(document.getElementById("root"), "its code");
}

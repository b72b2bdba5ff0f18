// A yield to the browser between two steps of start-up: what is left runs in a task of its own,
// after any input, rendering or network work that is waiting. `scheduler.yield` (Chromium) puts the
// rest at the front of the queue; elsewhere a zero timeout puts it at the back.

interface YieldingScheduler {
  yield?: () => Promise<void>;
}

export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: YieldingScheduler }).scheduler;
  if (typeof scheduler?.yield === "function") return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

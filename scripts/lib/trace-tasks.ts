// A Chromium trace's long main-thread tasks, each with what its time went to (`npm run trace:page`).
// Every event's own time (its length less its children's) is charged to the nearest enclosing event
// that names a kind of work: a script's compile or evaluation, a function called from a file, garbage
// collection, style, layout, HTML parsing. The rest keeps its trace event's name.

export interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  /** the thread's CPU time in the event (µs), where the trace has it */
  tdur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { url?: string; processId?: number; documentLoaderURL?: string }; fileName?: string };
}

export interface LongTask {
  /** the trace's clock (µs), for matching a CPU profile's samples */
  ts: number;
  /** ms after navigation start */
  start: number;
  duration: number;
  /** kinds of work and their own time in ms, largest first */
  parts: [string, number][];
}

function fileOf(url: string | undefined, origin: string): string | undefined {
  if (!url) return undefined;
  const short = url.startsWith(origin) ? url.slice(origin.length) : url.replace(/^https?:\/\/[^/]+/, "");
  return short.replace(/^.*\/assets\//, "").replace(/-[A-Za-z0-9_-]{8}\.js$/, ".js") || "(page)";
}

/** The kind of work an event names, or undefined when it inherits its parent's. */
function kindOf(event: TraceEvent, origin: string): string | undefined {
  const url = event.args?.data?.url ?? event.args?.fileName;
  const file = fileOf(url, origin);
  switch (event.name) {
    case "v8.compile":
    case "v8.compileModule":
    case "V8.CompileCode":
    case "v8.produceModuleCache":
    case "v8.produceCache":
      return `compile ${file ?? "?"}`;
    case "EvaluateScript":
    case "v8.evaluateModule":
    case "v8.run":
      return file ? `evaluate ${file}` : undefined;
    case "FunctionCall":
      return `call ${file ?? "?"}`;
    case "ParseHTML":
      return "parse HTML";
    case "UpdateLayoutTree":
    case "RecalculateStyles":
    case "ParseAuthorStyleSheet":
      return "style";
    case "Layout":
      return "layout";
    case "Paint":
    case "PrePaint":
    case "Layerize":
    case "UpdateLayer":
      return "paint";
    case "TimerFire":
    case "EventDispatch":
    case "FireAnimationFrame":
    case "RunMicrotasks":
      return undefined;
    default:
      return /GC|Scavenge|MarkCompact|MinorMS/.test(event.name) ? "garbage collection" : undefined;
  }
}

/** The main thread of the renderer process that committed `origin`'s page. */
function pageMainThread(events: TraceEvent[], origin: string): { pid: number; tid: number } | undefined {
  const committed = events.find((e) => e.name === "FrameCommittedInBrowser" && e.args?.data?.url?.startsWith(origin));
  const pid = committed?.args?.data?.processId;
  const thread = events.find((e) => e.ph === "M" && e.name === "thread_name" && e.args?.name === "CrRendererMain" && e.pid === pid);
  return thread && { pid: thread.pid, tid: thread.tid };
}

/** The page's first contentful paint, in ms after navigation start (undefined when the trace has none). */
export function firstContentfulPaint(events: TraceEvent[], origin: string): number | undefined {
  const thread = pageMainThread(events, origin);
  const navigation = events.find((e) => e.pid === thread?.pid && e.name === "navigationStart" && e.args?.data?.documentLoaderURL?.startsWith(origin))?.ts;
  const paint = events.find((e) => e.pid === thread?.pid && e.name === "firstContentfulPaint" && e.ts >= (navigation ?? 0))?.ts;
  return navigation === undefined || paint === undefined ? undefined : (paint - navigation) / 1000;
}

/** Every top-level task of at least `threshold` ms on the page's main thread, with its parts. */
/**
 * `cpuTime`: a task's length is its thread's CPU time, not its wall time: on a busy machine the wall
 * time also counts the waits for a core, which a quiet phone would not have.
 */
export function longTasks(events: TraceEvent[], origin: string, threshold: number, cpuTime = false): LongTask[] {
  const thread = pageMainThread(events, origin);
  if (!thread) return [];
  const own = events
    .filter((e) => e.pid === thread.pid && e.tid === thread.tid && e.ph === "X" && e.dur !== undefined)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const navigation =
    events.find((e) => e.pid === thread.pid && e.name === "navigationStart" && e.args?.data?.documentLoaderURL?.startsWith(origin))?.ts ?? own[0]?.ts ?? 0;
  const tasks: LongTask[] = [];
  for (let i = 0; i < own.length; i += 1) {
    const task = own[i]!;
    const length = cpuTime ? (task.tdur ?? task.dur!) : task.dur!;
    if (task.name !== "RunTask" || length < threshold * 1000) continue;
    const end = task.ts + task.dur!;
    const totals = new Map<string, number>();
    // A stack of open events: [end, kind]; each event's own time goes to its kind.
    const stack: { end: number; kind: string; self: number }[] = [{ end, kind: "other: task", self: task.dur! }];
    const close = (until: number) => {
      while (stack.length && stack.at(-1)!.end <= until) {
        const done = stack.pop()!;
        totals.set(done.kind, (totals.get(done.kind) ?? 0) + done.self);
      }
    };
    let j = i + 1;
    for (; j < own.length && own[j]!.ts < end; j += 1) {
      const event = own[j]!;
      close(event.ts);
      const parent = stack.at(-1)!;
      const dur = Math.min(event.dur!, parent.end - event.ts);
      parent.self -= dur;
      const kind = kindOf(event, origin) ?? (parent.kind === "other: task" ? `other: ${event.name}` : parent.kind);
      stack.push({ end: event.ts + dur, kind, self: dur });
    }
    close(Infinity);
    i = j - 1;
    const parts = [...totals]
      .map(([kind, us]) => [kind, us / 1000] as [string, number])
      .filter(([, time]) => time >= 1)
      .sort((a, b) => b[1] - a[1]);
    tasks.push({ ts: task.ts, start: (task.ts - navigation) / 1000, duration: length / 1000, parts });
  }
  return tasks;
}

/** A CPU profile as the DevTools protocol returns it (Profiler.stop). */
export interface CpuProfile {
  startTime: number;
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number } }[];
  samples?: number[];
  timeDeltas?: number[];
}

/**
 * The `count` functions with the most own time in `profile`, in ms, as "name file:line:column";
 * with `window` ([from, to] in the trace's clock, µs), only the samples taken in it.
 */
export function topFunctions(profile: CpuProfile, origin: string, count: number, window?: [number, number]): [string, number][] {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const totals = new Map<string, number>();
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  let at = profile.startTime;
  for (let i = 0; i < samples.length; i += 1) {
    at += deltas[i] ?? 0;
    if (window && (at < window[0] || at > window[1])) continue;
    const frame = byId.get(samples[i]!)?.callFrame;
    if (!frame || frame.functionName === "(idle)") continue;
    const where = frame.url ? ` ${fileOf(frame.url, origin)}:${frame.lineNumber + 1}:${frame.columnNumber + 1}` : "";
    const name = `${frame.functionName || "(anonymous)"}${where}`;
    totals.set(name, (totals.get(name) ?? 0) + (deltas[i + 1] ?? 0) / 1000);
  }
  return [...totals].sort((a, b) => b[1] - a[1]).slice(0, count);
}

// A reload that leaves the visitor where they were. When a Retry cannot load a remote's code in
// this page (the browser keeps its failed files, even under new URLs), a new page can: before
// reloading, the scroll position and what the visitor typed are kept in this tab's storage, and
// put back once the reloaded page responds, with a short note that says so. Loaded only then.
import { KEPT_PLACE_KEY } from "./kept-place-key";
import styles from "./remote-slot.module.css";

/** A reload for the same remote on the same page within this time would not help: it is not repeated. */
const RELOAD_SPACING_MS = 60_000;
/** How long the reloaded page may take to respond before the place is put back anyway. */
const SETTLE_TIMEOUT_MS = 10_000;
/** How long the scroll position is put back while the reloaded page grows. */
const SCROLL_BACK_MS = 5_000;

interface KeptField {
  key: string;
  value: string | boolean;
}

interface KeptPlace {
  path: string;
  remote: string;
  at: number;
  /** Absent once put back: the record then only spaces reloads. */
  place?: { x: number; y: number; fields: KeptField[] };
}

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/** Never kept: what must not be written down (passwords) or that nobody types. */
const SKIPPED_TYPES = new Set(["password", "hidden", "file", "submit", "reset", "button", "image"]);
const here = () => location.pathname + location.search;

function read(): KeptPlace | null {
  try {
    return JSON.parse(sessionStorage.getItem(KEPT_PLACE_KEY) ?? "null") as KeptPlace | null;
  } catch {
    return null;
  }
}

function write(kept: KeptPlace): boolean {
  try {
    sessionStorage.setItem(KEPT_PLACE_KEY, JSON.stringify(kept));
    return true;
  } catch {
    return false;
  }
}

/** Each field under `root` with the key that finds it again after a reload: its id, else its name and rank, else its rank. */
function keyedFields(root: ParentNode = document): [string, Field][] {
  const named = new Map<string, number>();
  return [...root.querySelectorAll<Field>("input, textarea, select")]
    .filter((field) => !(field instanceof HTMLInputElement && SKIPPED_TYPES.has(field.type)))
    .map((field, rank) => {
      if (field.id) return [`#${field.id}`, field];
      if (!field.name) return [`@${rank}`, field];
      const nth = named.get(field.name) ?? 0;
      named.set(field.name, nth + 1);
      return [`${field.name}:${nth}`, field];
    });
}

const isToggle = (field: Field): field is HTMLInputElement => field instanceof HTMLInputElement && (field.type === "checkbox" || field.type === "radio");

/** A field's value as the page arrived with it. */
function arrived(field: Field): string | boolean {
  if (isToggle(field)) return field.defaultChecked;
  if (field instanceof HTMLSelectElement) return [...field.options].find((option) => option.defaultSelected)?.value ?? field.value;
  return field.defaultValue;
}

const current = (field: Field): string | boolean => (isToggle(field) ? field.checked : field.value);

/** What the visitor changed under `root`: fields whose value is not the one the page arrived with. */
function typedFields(root?: ParentNode): KeptField[] {
  return keyedFields(root).flatMap(([key, field]): KeptField[] => (current(field) === arrived(field) ? [] : [{ key, value: current(field) }]));
}

/**
 * Sets a field the way typing does, so the page's own code sees it. React fires onChange only
 * for a value it has not seen, and it may have seen this one (read while hydrating): the field
 * goes back to the value the page arrived with through React's own record of it first.
 */
function retype(field: Field, value: string | boolean): void {
  const property = isToggle(field) ? "checked" : "value";
  (field as unknown as Record<string, unknown>)[property] = arrived(field);
  const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field) as object, property)?.set;
  setter?.call(field, value);
  field.dispatchEvent(new Event(isToggle(field) || field instanceof HTMLSelectElement ? "change" : "input", { bubbles: true }));
  if (isToggle(field)) field.dispatchEvent(new Event("click", { bubbles: true }));
}

/**
 * After a part of the page recovered in place: what was typed into its inert copy is still in
 * the fields, but the part's code never saw it, so it is typed again.
 */
export function replayTyped(root: ParentNode): void {
  const fields = new Map(keyedFields(root));
  for (const { key, value } of typedFields(root)) retype(fields.get(key)!, value);
}

/** A short note at the foot of the window, read out by screen readers, gone after a while. */
function note(words: string): void {
  const box = document.createElement("div");
  box.className = styles.pageNote!;
  box.setAttribute("role", "status");
  document.body.append(box);
  // Filled after it is in the page, so that a screen reader announces it.
  requestAnimationFrame(() => (box.textContent = words));
  setTimeout(() => box.remove(), 10_000);
}

/**
 * Keeps the scroll position and what was typed, then reloads the page: false (nothing done) when
 * this page was just reloaded for the same remote, or the tab cannot keep anything.
 */
export function reloadKeepingPlace(remote: string): boolean {
  const last = read();
  if (last && last.path === here() && last.remote === remote && Date.now() - last.at < RELOAD_SPACING_MS) return false;
  const kept = write({ path: here(), remote, at: Date.now(), place: { x: scrollX, y: scrollY, fields: typedFields() } });
  if (kept) location.reload();
  return kept;
}

/** Resolves once the page responds and the remote's slots show their screens, or after SETTLE_TIMEOUT_MS. */
function settled(remote: string): Promise<void> {
  const started = Date.now();
  const slotsReady = () =>
    [...document.querySelectorAll<HTMLElement>("[data-remote]")].every(
      (slot) => slot.dataset.remote !== remote || !slot.querySelector("[data-remote-fallback]"),
    );
  const ready = () => document.documentElement.dataset.interactive === "true" && slotsReady();
  return new Promise((resolve) => {
    const look = () => (ready() || Date.now() - started > SETTLE_TIMEOUT_MS ? resolve() : setTimeout(look, 100));
    look();
  });
}

/**
 * Scrolls back to where the visitor was, again as the page grows (what a field filters arrives
 * later), for a few seconds or until the visitor scrolls or types themselves.
 */
function scrollBack(x: number, y: number): void {
  const until = Date.now() + SCROLL_BACK_MS;
  let stopped = false;
  const stop = () => (stopped = true);
  for (const type of ["wheel", "touchmove", "keydown", "pointerdown"]) addEventListener(type, stop, { once: true, passive: true });
  const step = () => {
    if (stopped) return;
    scrollTo(x, y);
    if ((scrollX !== x || scrollY !== y) && Date.now() < until) setTimeout(step, 100);
  };
  step();
}

/** After such a reload: puts the typed fields and the scroll position back, and says so. */
export async function restoreKeptPlace(): Promise<void> {
  const kept = read();
  if (!kept?.place) return;
  const { place, ...spacing } = kept;
  write(spacing);
  if (kept.path !== here() || Date.now() - kept.at > RELOAD_SPACING_MS) return;
  scrollBack(place.x, place.y);
  await settled(kept.remote);
  const fields = new Map(keyedFields());
  for (const { key, value } of place.fields) {
    const field = fields.get(key);
    if (field) retype(field, value);
  }
  // Again after the fields: what they filter changes the page's height.
  scrollBack(place.x, place.y);
  note(
    place.fields.length
      ? "The page was reloaded to finish loading it. Your place on the page and what you typed were kept."
      : "The page was reloaded to finish loading it. Your place on the page was kept.",
  );
}

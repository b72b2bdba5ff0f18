// A remote's build loaded again under URLs this page has never requested, for a Retry. A browser
// may keep a failed module fetch for the life of the page (Chromium 150 did, for the chunks the
// server's page preloads), and then importing the same URLs fails again without a request. Loaded
// only when a Retry needs it.
//
// A built remote's remoteEntry.js only re-exports its entry chunk, and its chunks import each
// other by relative URL, so the whole graph follows the directory the entry chunk is imported
// from. That directory is written with some of its letters percent-encoded (`/%61ssets/…`): a
// new URL to the browser's module map, the same file to a server (RFC 3986, 6.2.2.2, and every
// static server here decodes the path). Each attempt encodes another set of letters.

export interface RemoteEntryExports {
  get: unknown;
  init: unknown;
}

/** `export{t as get,n as init}from"./assets/entry-X.js";`: what @module-federation/vite writes. */
const REEXPORT = /^\s*export\s*\{([^}]*)\}\s*from\s*["']([^"']+)["'];?\s*$/;

/** The exported name -> the entry chunk's own name of it. */
function exportedNames(list: string): Map<string, string> {
  const names = new Map<string, string>();
  for (const item of list.split(",")) {
    const [local = "", exported = local] = item.trim().split(/\s+as\s+/);
    if (local) names.set(exported, local);
  }
  return names;
}

/** `url` with letters of its file's directory percent-encoded after the bits of `attempt` (null: none left). */
export function encodedDirectory(url: string, attempt: number): string | null {
  const parsed = new URL(url);
  const segments = parsed.pathname.split("/");
  const at = segments.length - 2;
  if (at < 1 || attempt < 1) return null;
  let bit = 0;
  const encoded = [...segments[at]!]
    .map((char) => {
      if (!/^[A-Za-z0-9]$/.test(char) || bit >= 30) return char;
      const use = (attempt >> bit++) & 1;
      return use ? `%${char.charCodeAt(0).toString(16).toUpperCase()}` : char;
    })
    .join("");
  if (attempt >= 2 ** bit) return null;
  segments[at] = encoded;
  parsed.pathname = segments.join("/");
  return parsed.href;
}

/**
 * Reads `remoteEntry` (a fetch, which no module map remembers) and returns the URL its entry
 * chunk is imported from this time, with a loader of the entry's exports from there. Null when
 * the entry is not the plain re-export this relies on, or the directory has no variant left.
 * Rejects when the entry does not answer.
 */
export async function freshEntry(remoteEntry: string, attempt: number): Promise<{ url: string; load: () => Promise<RemoteEntryExports> } | null> {
  const response = await fetch(remoteEntry, { cache: "no-store" });
  if (!response.ok) throw new Error(`${remoteEntry} answered ${response.status}`);
  const reexport = REEXPORT.exec(await response.text());
  if (!reexport) return null;
  const names = exportedNames(reexport[1]!);
  const get = names.get("get");
  const init = names.get("init");
  const url = encodedDirectory(new URL(reexport[2]!, remoteEntry).href, attempt);
  if (!url || !get || !init) return null;
  return {
    url,
    load: async () => {
      const chunk = (await import(/* @vite-ignore */ url)) as Record<string, unknown>;
      return { get: chunk[get], init: chunk[init] };
    },
  };
}

// A remote slot's identity across the server render, the page data and hydration: the remote
// and the screen it shows. Written and read only here, so the two halves cannot drift apart.
import { REMOTE_SCREENS, type RemoteName } from "../remotes/screens";

export type SlotKey = `${RemoteName}/${string}`;

export const slotKey = (remote: RemoteName, module: string): SlotKey => `${remote}/${module}`;

/** The remote and screen of a key, or null when the text is not one. */
export function parseSlotKey(key: string): { remote: RemoteName; module: string } | null {
  const slash = key.indexOf("/");
  if (slash <= 0 || slash === key.length - 1) return null;
  const remote = key.slice(0, slash);
  const module = key.slice(slash + 1);
  return Object.hasOwn(REMOTE_SCREENS, remote) ? { remote: remote as RemoteName, module } : null;
}

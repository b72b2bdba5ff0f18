import type { SyntheticEvent } from "react";

/** An image that cannot load (gone, offline) disappears instead of showing a broken frame. */
export function hideOnError(event: SyntheticEvent<HTMLImageElement>) {
  event.currentTarget.style.display = "none";
}

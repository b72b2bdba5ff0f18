// Where a page's pictures are read from (media.ts), on each side of a render: the server renders
// with the config its render store was made with, the browser has the one shared-auth was given
// (in a server-rendered page, that same config, embedded). So <Picture> and markdown images
// hydrate exactly as the server wrote them.
import { getRuntimeConfig } from "shared-auth";
import { mediaStorageOf, type MediaStorage } from "../media";
import { useRenderStore } from "./render-store";

/** The page's bucket, or null without one (pictures then show their URL as typed). */
export function useMediaStorage(): MediaStorage | null {
  const store = useRenderStore();
  if (store?.server) return store.server.media ?? null;
  return configuredMediaStorage();
}

/** The bucket of the config shared-auth was given (the browser's), or null. */
export function configuredMediaStorage(): MediaStorage | null {
  try {
    return mediaStorageOf(getRuntimeConfig());
  } catch {
    return null; // no config recorded (a screen's unit test): the plain URL
  }
}

// The site's name (the owner's, from the about section): read once for the whole page by
// SiteNameProvider, which the shell puts around every screen; the header, footer, titles and
// the server's head read it from there instead of each opening a read of `about`.
import { createContext, useContext, type ReactNode } from "react";
import { useAbout } from "../hooks/use-content";

/** The site's name until the owner sets theirs. */
export const SITE_NAME = "Portfolio";

const SiteNameContext = createContext<string>(SITE_NAME);

/** Reads the about section once and gives its name to everything inside. */
export function SiteNameProvider({ children }: { children: ReactNode }) {
  const name = useAbout().data?.name ?? SITE_NAME;
  return <SiteNameContext value={name}>{children}</SiteNameContext>;
}

/** The about section's name, "Portfolio" until one is set (or outside a SiteNameProvider). */
export function useSiteName(): string {
  return useContext(SiteNameContext);
}

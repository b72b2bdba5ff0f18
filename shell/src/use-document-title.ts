import { useLayoutEffect } from "react";
import { formatTitle, useSiteName } from "shared-content";

/**
 * Sets the route's default title. A layout effect runs before the screens' own effects, so a
 * remote that sets a data-dependent title (a post) wins.
 */
export function useDocumentTitle(page: string): void {
  const site = useSiteName();
  useLayoutEffect(() => {
    document.title = formatTitle(page, site);
  }, [page, site]);
}

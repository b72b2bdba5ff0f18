import { useLayoutEffect } from "react";

export const SITE_NAME = "Portfolio";

export function formatTitle(page: string): string {
  return page ? `${page} · ${SITE_NAME}` : SITE_NAME;
}

/**
 * Sets the route's default title. A layout effect runs before the screens' own effects, so a
 * remote that sets a data-dependent title (a post) wins.
 */
export function useDocumentTitle(page: string): void {
  useLayoutEffect(() => {
    document.title = formatTitle(page);
  }, [page]);
}

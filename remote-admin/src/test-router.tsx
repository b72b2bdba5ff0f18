/* eslint-disable no-restricted-imports -- a test helper, never imported by the app: it stands in for the shell, which creates the router. */
// The shell's router for the remote's tests (never imported by the app): the leave guard holds
// navigations only under shared-router's BlockingBrowserRouter, which runs on the window's
// history (jsdom's here), so a test starts by writing the history entries it needs.
import { render } from "@testing-library/react";
import type { ReactElement } from "react";
import { useNavigate, useRoutes, type NavigateFunction, type RouteObject } from "react-router-dom";
import { BlockingBrowserRouter } from "shared-router";

/** Renders `routes` at the last of `entries` (earlier ones are Back); returns navigate and the URL. */
export function renderInSiteRouter(routes: RouteObject[], entries: string[]) {
  // The entries carry the index the history keeps, so Back knows its distance (and can be held).
  entries.forEach((entry, idx) => window.history[idx === 0 ? "replaceState" : "pushState"]({ usr: null, key: `entry${idx}`, idx }, "", entry));
  let navigate: NavigateFunction = () => {
    throw new Error("not rendered");
  };
  function Routed(): ReactElement | null {
    navigate = useNavigate();
    return useRoutes(routes);
  }
  const view = render(
    <BlockingBrowserRouter>
      <Routed />
    </BlockingBrowserRouter>,
  );
  return {
    view,
    navigate: (to: string | number) => (typeof to === "number" ? navigate(to) : navigate(to)),
    location: () => ({ pathname: window.location.pathname, search: window.location.search }),
  };
}

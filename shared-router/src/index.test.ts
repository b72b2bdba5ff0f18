// The facade must hand out react-router-dom's own objects, not copies or wrappers: a screen
// that renders shared-router's Link inside a test's MemoryRouter (and the shell's router around
// a remote's screen) relies on one router context. The blocking router is this package's own.
import * as reactRouterDom from "react-router-dom";
import { describe, expect, it } from "vitest";
import * as facade from "./index";

const OWN = ["BlockingBrowserRouter", "useNavigationBlocker"];

describe("shared-router", () => {
  it("re-exports react-router-dom's own bindings", () => {
    const names = Object.keys(facade).filter((name) => !OWN.includes(name));
    expect(names).toContain("Link");
    for (const name of names) expect(facade[name as keyof typeof facade], name).toBe(reactRouterDom[name as keyof typeof reactRouterDom]);
  });

  it("does not ship the data router", () => {
    expect(Object.keys(facade)).not.toContain("createBrowserRouter");
    expect(Object.keys(facade)).not.toContain("RouterProvider");
  });
});

import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { MemoryRouter } from "react-router-dom";
import { BlogLayout } from "./blog-layout";

afterEach(cleanup);

const current = (nav: string) =>
  within(screen.getByRole("navigation", { name: nav }))
    .getAllByRole("link")
    .flatMap((a) => (a.hasAttribute("aria-current") ? [`${a.textContent}=${a.getAttribute("aria-current")}`] : []));

/** The current items of the Main and Blog navigations with the blog layout at `path`. */
function currentAt(path: string) {
  cleanup();
  render(
    <MemoryRouter initialEntries={[path]}>
      <BlogLayout />
    </MemoryRouter>,
  );
  return { main: current("Main"), blog: current("Blog") };
}

describe("the navigation's current item", () => {
  it("is the page's own item, and on a post the Blog item of both navigations", () => {
    expect(currentAt("/blogs/list")).toEqual({ main: ["Blog=page"], blog: ["Posts=page"] });
    expect(currentAt("/blogs/some-post")).toEqual({ main: ["Blog=true"], blog: ["Posts=true"] });
    expect(currentAt("/favorite-quotes/quote-1")).toEqual({ main: ["Quotes=page"], blog: ["Favourite quotes=page"] });
  });
});

import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { MemoryRouter } from "react-router-dom";
import { BlogLayout } from "./blog-layout";

afterEach(cleanup);

const current = (nav: string) =>
  within(screen.getByRole("navigation", { name: nav }))
    .getAllByRole("link")
    .flatMap((a) => (a.hasAttribute("aria-current") ? [`${a.textContent}=${a.getAttribute("aria-current")}`] : []));

describe("the navigation's current item", () => {
  it("is the page's own item, and on a post the Blog item of both navigations", () => {
    render(
      <MemoryRouter initialEntries={["/blogs/list"]}>
        <BlogLayout />
      </MemoryRouter>,
    );
    expect(current("Main")).toEqual(["Blog=page"]);
    expect(current("Blog")).toEqual(["Posts=page"]);
    cleanup();
    render(
      <MemoryRouter initialEntries={["/blogs/some-post"]}>
        <BlogLayout />
      </MemoryRouter>,
    );
    expect(current("Main")).toEqual(["Blog=true"]);
    expect(current("Blog")).toEqual(["Posts=true"]);
    cleanup();
    render(
      <MemoryRouter initialEntries={["/favorite-quotes/quote-1"]}>
        <BlogLayout />
      </MemoryRouter>,
    );
    expect(current("Main")).toEqual(["Quotes=page"]);
    expect(current("Blog")).toEqual(["Favourite quotes=page"]);
  });
});

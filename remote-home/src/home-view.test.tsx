// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { HomeView, type HomeData } from "./home-view";
import type { Contact } from "./sections/types";
import { about, failed, homeData, loading, ready } from "./test-fixtures";

afterEach(cleanup);

const view = (data: HomeData) => (
  <MemoryRouter>
    <HomeView data={data} />
  </MemoryRouter>
);
const section = (name: string) => screen.getByRole("region", { name });

describe("HomeView", () => {
  it("renders every section from ready data", () => {
    render(view(homeData()));
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe(about.headline);
    expect(screen.getByRole("region", { name: about.headline })).toBeTruthy();
    expect(within(section("Experience")).getAllByRole("listitem")[0]?.textContent).toContain("Senior engineer at Acme");
    const entries = within(section("Experience")).getAllByRole("article");
    expect(entries[0]?.textContent).toContain("Mar 2021 – Present");
    expect(entries[1]?.textContent).toContain("Jan 2018 – Feb 2021 · 3 yrs 2 mos");
    expect(within(section("Recommendations")).getByText("Bo Lee")).toBeTruthy();
    expect(within(section("Free-time projects")).getByRole("heading", { name: "Tiny router" })).toBeTruthy();
    expect(within(section("Get in touch")).getByRole("link", { name: "ana@example.com" }).getAttribute("href")).toBe("mailto:ana@example.com");
    expect(within(section("Get in touch")).getByRole("link", { name: "GitHub" }).getAttribute("rel")).toBe("noopener noreferrer");
    const links = screen.getAllByRole("link", { name: /write a recommendation/i });
    expect(links.every((a) => a.getAttribute("href") === "/write-recommendation")).toBe(true);
  });

  it("groups skills by category", () => {
    render(view(homeData()));
    const groups = within(section("Skills")).getAllByRole("heading", { level: 3 });
    expect(groups.map((g) => g.textContent)).toEqual(["Languages", "Frameworks"]);
    expect(groups[0]?.nextElementSibling?.textContent).toBe("TypeScriptGo");
  });

  it("shows a skeleton per section while loading", () => {
    render(view(homeData({ experience: loading([]), skills: loading([]), about: loading(null) })));
    expect(within(section("Experience")).getByRole("status").textContent).toMatch(/loading experience/i);
    expect(within(section("Skills")).getByRole("status")).toBeTruthy();
    expect(within(section("About me")).getByRole("status")).toBeTruthy();
    expect(within(section("Recommendations")).queryByRole("status")).toBeNull();
  });

  it("shows an empty state per section", () => {
    render(
      view(
        homeData({
          about: ready(null),
          experience: ready([]),
          recommendations: ready([]),
          skills: ready([]),
          projects: ready([]),
          contact: ready<Contact | null>(null),
        }),
      ),
    );
    expect(within(section("About me")).getByText(/nothing about me/i)).toBeTruthy();
    expect(screen.getAllByRole("heading", { level: 1 })).toHaveLength(1);
    expect(within(section("Experience")).getByText(/no experience/i)).toBeTruthy();
    expect(within(section("Recommendations")).getByText(/no recommendations yet/i)).toBeTruthy();
    expect(within(section("Skills")).getByText(/no skills/i)).toBeTruthy();
    expect(within(section("Free-time projects")).getByText(/no side projects/i)).toBeTruthy();
    expect(within(section("Get in touch")).getByText(/contact details have not been published/i)).toBeTruthy();
    // The call to action stays even without recommendations.
    expect(within(section("Recommendations")).getByRole("link", { name: /write a recommendation/i })).toBeTruthy();
  });

  it("shows an error with Retry per section", () => {
    const retry = vi.fn();
    render(view(homeData({ skills: failed([], retry), contact: failed<Contact | null>(null, retry, "permission-denied") })));
    fireEvent.click(within(section("Skills")).getByRole("button", { name: "Retry" }));
    expect(retry).toHaveBeenCalledOnce();
    expect(within(section("Get in touch")).getByRole("alert").textContent).toMatch(/access was denied/);
    expect(within(section("Experience")).queryByRole("alert")).toBeNull();
  });

  it("keeps database text inert and drops unsafe URLs", () => {
    const evil = "<img src=x onerror=alert(1)><script>alert(1)</script>";
    render(
      view(
        homeData({
          about: ready({ ...about, headline: evil, bio: `${evil} [x](javascript:alert(1))`, avatarUrl: "javascript:alert(1)", cvUrl: "javascript:alert(1)" }),
          contact: ready<Contact | null>({ email: evil, links: [{ label: evil, url: "javascript:alert(1)" }], rev: 1, updatedAt: 0 }),
        }),
      ),
    );
    expect(document.querySelector("script, [onerror], img")).toBeNull();
    expect(document.querySelector('a[href^="javascript"]')).toBeNull();
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe(evil);
  });

  it("falls back to initials when a recommender's photo cannot load", () => {
    const recs = [
      {
        id: "r9",
        fullName: "Bo Lee",
        role: "CTO",
        relationship: "Boss",
        text: "Great colleague, truly.",
        avatarUrl: "https://example.com/bo.jpg",
        links: [],
        date: "2024-01-01",
        order: 0,
        rev: 1,
        updatedAt: 0,
      },
    ];
    render(view(homeData({ recommendations: ready(recs) })));
    const region = section("Recommendations");
    const img = region.querySelector("img")!;
    fireEvent.error(img);
    expect(region.querySelector("img")).toBeNull();
    expect(within(region).getByText("BL")).toBeTruthy();
  });
});

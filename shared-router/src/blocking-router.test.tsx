import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { useState } from "react";
import { Link, Route, Routes, useLocation, useNavigate } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { BlockingBrowserRouter, useNavigationBlocker, type NavigationAttempt } from "./blocking-router";

function Where() {
  const location = useLocation();
  return <output aria-label="where">{location.pathname + location.search}</output>;
}

/** A page with a "dirty" switch and a blocker that holds any move to another path while dirty. */
function Guarded({ asked }: { asked: NavigationAttempt[] }) {
  const [dirty, setDirty] = useState(true);
  const blocker = useNavigationBlocker((attempt) => {
    asked.push(attempt);
    return dirty && attempt.currentLocation.pathname !== attempt.nextLocation.pathname;
  });
  const navigate = useNavigate();
  return (
    <>
      <button onClick={() => setDirty(false)}>clean</button>
      <button onClick={() => navigate("/other?x=1")}>navigate</button>
      <Link to="/other">link</Link>
      {blocker.state === "blocked" && (
        <div role="alertdialog" aria-label={`leave for ${blocker.location.pathname}`}>
          <button onClick={blocker.proceed}>leave</button>
          <button onClick={blocker.reset}>stay</button>
        </div>
      )}
    </>
  );
}

function App({ asked }: { asked: NavigationAttempt[] }) {
  return (
    <BlockingBrowserRouter>
      <Where />
      <Routes>
        <Route path="/form" element={<Guarded asked={asked} />} />
        <Route path="/list" element={<Link to="/form">form</Link>} />
        <Route path="*" element={<p>elsewhere</p>} />
      </Routes>
    </BlockingBrowserRouter>
  );
}

const where = () => screen.getByRole("status", { name: "where" }).textContent;

describe("BlockingBrowserRouter", () => {
  let asked: NavigationAttempt[];
  beforeEach(() => {
    asked = [];
    window.history.replaceState(null, "", "/list");
  });
  afterEach(cleanup);

  it("renders the route of the current URL and navigates freely without a blocker", async () => {
    render(<App asked={asked} />);
    expect(where()).toBe("/list");
    fireEvent.click(screen.getByRole("link", { name: "form" }));
    await waitFor(() => expect(where()).toBe("/form"));
    expect(window.location.pathname).toBe("/form");
  });

  it("holds a link click while blocked; stay keeps the page, leave goes on", async () => {
    render(<App asked={asked} />);
    fireEvent.click(screen.getByRole("link", { name: "form" }));
    await waitFor(() => expect(where()).toBe("/form"));

    fireEvent.click(screen.getByRole("link", { name: "link" }));
    const dialog = await screen.findByRole("alertdialog", { name: "leave for /other" });
    expect(asked.at(-1)).toMatchObject({ historyAction: "PUSH", currentLocation: { pathname: "/form" }, nextLocation: { pathname: "/other" } });
    expect(window.location.pathname).toBe("/form");

    fireEvent.click(screen.getByRole("button", { name: "stay" }));
    expect(dialog.isConnected).toBe(false);
    expect(where()).toBe("/form");

    fireEvent.click(screen.getByRole("button", { name: "navigate" }));
    fireEvent.click(await screen.findByRole("button", { name: "leave" }));
    await waitFor(() => expect(where()).toBe("/other?x=1"));
  });

  it("does not ask once the form is clean", async () => {
    render(<App asked={asked} />);
    fireEvent.click(screen.getByRole("link", { name: "form" }));
    await waitFor(() => expect(where()).toBe("/form"));
    fireEvent.click(screen.getByRole("button", { name: "clean" }));
    fireEvent.click(screen.getByRole("link", { name: "link" }));
    await waitFor(() => expect(where()).toBe("/other"));
    expect(screen.queryByRole("alertdialog")).toBeNull();
  });

  it("undoes a browser Back while blocked and replays it on leave", async () => {
    render(<App asked={asked} />);
    fireEvent.click(screen.getByRole("link", { name: "form" }));
    await waitFor(() => expect(where()).toBe("/form"));

    act(() => window.history.back());
    await screen.findByRole("alertdialog", { name: "leave for /list" });
    expect(asked.at(-1)).toMatchObject({ historyAction: "POP", currentLocation: { pathname: "/form" }, nextLocation: { pathname: "/list" } });
    await waitFor(() => expect(window.location.pathname).toBe("/form"));
    expect(where()).toBe("/form");

    fireEvent.click(screen.getByRole("button", { name: "stay" }));
    act(() => window.history.back());
    fireEvent.click(await screen.findByRole("button", { name: "leave" }));
    await waitFor(() => expect(where()).toBe("/list"));
    expect(window.location.pathname).toBe("/list");
  });
});

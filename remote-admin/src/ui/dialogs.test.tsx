// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { Link } from "react-router-dom";
import { renderInSiteRouter } from "../test-router";
import { useState } from "react";
import { useConfirm } from "./confirm-dialog";
import { UnsavedChangesGuard } from "./unsaved-changes-guard";

afterEach(cleanup);

describe("useConfirm", () => {
  function Harness({ onResult }: { onResult: (ok: boolean) => void }) {
    const { confirm, dialog } = useConfirm();
    return (
      <>
        <button onClick={async () => onResult(await confirm({ title: "Delete post?", message: 'Delete the post "Hello world"?', confirmLabel: "Delete" }))}>
          Delete
        </button>
        {dialog}
      </>
    );
  }

  it("names the item, focuses Cancel and resolves with the choice", async () => {
    const results: boolean[] = [];
    render(<Harness onResult={(ok) => results.push(ok)} />);
    const trigger = screen.getByRole("button", { name: "Delete" });
    trigger.focus();
    fireEvent.click(trigger);
    const dialog = screen.getByRole("alertdialog", { name: "Delete post?" });
    expect(dialog.textContent).toContain('"Hello world"');
    expect(document.activeElement?.textContent).toBe("Cancel");
    await act(async () => {
      fireEvent.click(screen.getAllByRole("button", { name: "Delete" }).at(-1)!);
    });
    expect(results).toEqual([true]);
    expect(screen.queryByRole("alertdialog")).toBeNull();
    expect(document.activeElement).toBe(trigger);
  });

  it("Escape cancels", async () => {
    const results: boolean[] = [];
    render(<Harness onResult={(ok) => results.push(ok)} />);
    fireEvent.click(screen.getByRole("button", { name: "Delete" }));
    await act(async () => {
      fireEvent.keyDown(screen.getByRole("alertdialog"), { key: "Escape" });
    });
    expect(results).toEqual([false]);
  });
});

describe("UnsavedChangesGuard", () => {
  function Form() {
    const [text, setText] = useState("");
    return (
      <>
        <label>
          Title <input value={text} onChange={(e) => setText(e.target.value)} />
        </label>
        <UnsavedChangesGuard when={text !== ""} what="the new title" />
        <Link to="/elsewhere">Elsewhere</Link>
      </>
    );
  }
  const setup = () => {
    return renderInSiteRouter(
      [
        { path: "/form", element: <Form /> },
        { path: "/elsewhere", element: <p>Other page</p> },
      ],
      ["/form"],
    );
  };

  it("lets a clean form go without asking", async () => {
    const router = setup();
    await act(async () => {
      fireEvent.click(screen.getByRole("link", { name: "Elsewhere" }));
    });
    expect(router.location().pathname).toBe("/elsewhere");
  });

  it("asks before leaving a dirty form; Stay keeps the input, Discard leaves", async () => {
    const router = setup();
    fireEvent.change(screen.getByLabelText("Title"), { target: { value: "Draft" } });
    await act(async () => {
      fireEvent.click(screen.getByRole("link", { name: "Elsewhere" }));
    });
    const dialog = screen.getByRole("alertdialog", { name: "Leave without saving?" });
    expect(dialog.textContent).toContain("the new title");
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Stay on this page" }));
    });
    expect(router.location().pathname).toBe("/form");
    expect((screen.getByLabelText("Title") as HTMLInputElement).value).toBe("Draft");
    await act(async () => {
      fireEvent.click(screen.getByRole("link", { name: "Elsewhere" }));
    });
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Discard and leave" }));
    });
    expect(router.location().pathname).toBe("/elsewhere");
  });

  it("asks the browser before the tab closes while dirty", () => {
    setup();
    const clean = new Event("beforeunload", { cancelable: true });
    window.dispatchEvent(clean);
    expect(clean.defaultPrevented).toBe(false);
    fireEvent.change(screen.getByLabelText("Title"), { target: { value: "Draft" } });
    const dirty = new Event("beforeunload", { cancelable: true });
    window.dispatchEvent(dirty);
    expect(dirty.defaultPrevented).toBe(true);
  });
});

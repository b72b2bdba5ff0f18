// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, fireEvent, render, screen, renderHook } from "@testing-library/react";
import { useState } from "react";
import { TextField, TextAreaField } from "./field";
import { SaveButton } from "./save-button";
import { useSaveState } from "./use-save-state";
import { ReorderList, moveItem } from "./reorder-list";
import { matchesSearch } from "shared-content/admin";
import { SearchBox } from "./search-box";
import { paginate, Pager } from "./pager";
import { MarkdownEditor } from "./markdown-editor";
import { StatusMessage } from "./status-message";
import { buttonsWithLabelNotInName } from "../test-helpers";

afterEach(cleanup);

describe("TextField", () => {
  it("labels the control and ties the error message to it", () => {
    render(<TextField label="Headline" value="" onChange={() => {}} error="Enter a headline." required />);
    const input = screen.getByLabelText(/Headline/);
    expect(input.getAttribute("aria-invalid")).toBe("true");
    const describedBy = input.getAttribute("aria-describedby") ?? "";
    expect(document.getElementById(describedBy)?.textContent).toBe("Enter a headline.");
    expect(input.hasAttribute("required")).toBe(true);
  });

  it("has no error state without a message and reports typed text", () => {
    const onChange = vi.fn();
    render(<TextAreaField label="Summary" value="" onChange={onChange} hint="Two sentences." />);
    const area = screen.getByLabelText("Summary");
    expect(area.getAttribute("aria-invalid")).toBeNull();
    expect(document.getElementById(area.getAttribute("aria-describedby") ?? "")?.textContent).toBe("Two sentences.");
    fireEvent.change(area, { target: { value: "Hello" } });
    expect(onChange).toHaveBeenCalledWith("Hello");
  });
});

describe("useSaveState + SaveButton", () => {
  it("goes saving -> saved on success", async () => {
    const { result } = renderHook(() => useSaveState());
    let finish: () => void = () => {};
    let outcome: Promise<boolean> = Promise.resolve(false);
    act(() => {
      outcome = result.current.run(() => new Promise<void>((r) => (finish = r)));
    });
    expect(result.current.status).toBe("saving");
    await act(async () => {
      finish();
      await outcome;
    });
    expect(result.current.status).toBe("saved");
    await expect(outcome).resolves.toBe(true);
  });

  it("keeps the specific failure message", async () => {
    const { result } = renderHook(() => useSaveState((e) => `Refused: ${(e as Error).message}`));
    await act(async () => {
      await result.current.run(() => Promise.reject(new Error("permission denied")));
    });
    expect(result.current.status).toBe("error");
    expect(result.current.error).toBe("Refused: permission denied");
  });

  it("ignores a second click while the first write runs", async () => {
    const { result } = renderHook(() => useSaveState());
    const write = vi.fn(() => new Promise<void>(() => {}));
    act(() => {
      void result.current.run(write);
    });
    let second = true;
    await act(async () => {
      second = await result.current.run(write);
    });
    expect(second).toBe(false);
    expect(write).toHaveBeenCalledTimes(1);
  });

  it("shows progress, success and failure", () => {
    const { rerender } = render(<SaveButton status="saving" label="Publish" busyLabel="Publishing…" />);
    const button = screen.getByRole("button");
    expect(button.textContent).toContain("Publishing…");
    expect((button as HTMLButtonElement).disabled).toBe(true);
    rerender(<SaveButton status="saved" label="Publish" successText="Published" />);
    expect(screen.getByRole("status").textContent).toBe("Published");
    rerender(<SaveButton status="error" label="Publish" error="The database is unreachable." />);
    expect(screen.getByRole("alert").textContent).toBe("The database is unreachable.");
    expect((screen.getByRole("button") as HTMLButtonElement).disabled).toBe(false);
  });
});

describe("ReorderList", () => {
  it("moveItem moves one element and leaves the input alone", () => {
    const input = ["a", "b", "c", "d"];
    expect(moveItem(input, 0, 2)).toEqual(["b", "c", "a", "d"]);
    expect(moveItem(input, 3, 0)).toEqual(["d", "a", "b", "c"]);
    expect(moveItem(input, 1, 9)).toEqual(input);
    expect(input).toEqual(["a", "b", "c", "d"]);
  });

  it("moves with labelled buttons and keeps focus on the moved item", () => {
    function Harness() {
      const [items, setItems] = useState(["Alpha", "Beta", "Gamma"]);
      return <ReorderList label="Things" items={items} getKey={(s) => s} getLabel={(s) => s} renderItem={(s) => s} onReorder={setItems} />;
    }
    render(<Harness />);
    expect((screen.getByRole("button", { name: 'Move up "Alpha"' }) as HTMLButtonElement).disabled).toBe(true);
    const down = screen.getByRole("button", { name: 'Move down "Alpha"' });
    down.focus();
    fireEvent.click(down);
    const names = screen.getAllByRole("listitem").map((li) => li.firstElementChild?.textContent);
    expect(names).toEqual(["Beta", "Alpha", "Gamma"]);
    expect(document.activeElement).toBe(screen.getByRole("button", { name: 'Move down "Alpha"' }));
  });

  it("names each arrow button with its visible label first (WCAG 2.5.3 label in name)", () => {
    render(<ReorderList label="Things" items={["Alpha", "Beta"]} getKey={(s) => s} getLabel={(s) => s} renderItem={(s) => s} onReorder={() => {}} />);
    expect(screen.getAllByRole("button")).toHaveLength(4);
    expect(buttonsWithLabelNotInName()).toEqual([]);
  });
});

describe("search and paging", () => {
  it("matches every word, ignoring case and accents", () => {
    expect(matchesSearch("amelie jeunet", ["Amélie", "Jean-Pierre Jeunet"])).toBe(true);
    expect(matchesSearch("amelie lynch", ["Amélie", "Jean-Pierre Jeunet"])).toBe(false);
    expect(matchesSearch("  ", ["anything"])).toBe(true);
    expect(matchesSearch("2001", ["Title", 2001])).toBe(true);
  });

  it("SearchBox is labelled, announces results and clears on Escape", () => {
    const onChange = vi.fn();
    render(<SearchBox label="Search quotes" value="love" onChange={onChange} resultSummary="3 of 60 quotes" />);
    const box = screen.getByRole("searchbox", { name: "Search quotes" });
    expect(screen.getByRole("status").textContent).toBe("3 of 60 quotes");
    fireEvent.keyDown(box, { key: "Escape" });
    expect(onChange).toHaveBeenCalledWith("");
  });

  it("paginate clamps the page", () => {
    const items = Array.from({ length: 25 }, (_, i) => i);
    expect(paginate(items, 1, 10)).toEqual({ items: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9], page: 1, pageCount: 3 });
    expect(paginate(items, 9, 10).items).toEqual([20, 21, 22, 23, 24]);
    expect(paginate([], 3, 10)).toEqual({ items: [], page: 1, pageCount: 1 });
  });

  it("Pager disables the ends", () => {
    const onPage = vi.fn();
    render(<Pager label="Film pages" page={1} pageCount={3} onPage={onPage} />);
    expect((screen.getByRole("button", { name: "Previous page" }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: "Next page" }));
    expect(onPage).toHaveBeenCalledWith(2);
  });
});

describe("MarkdownEditor", () => {
  it("renders the preview through the given renderer", () => {
    function Harness() {
      const [md, setMd] = useState("");
      return <MarkdownEditor label="Bio" value={md} onChange={setMd} renderPreview={(s) => <p data-testid="rendered">{s.toUpperCase()}</p>} />;
    }
    render(<Harness />);
    expect(screen.getByTestId("markdown-preview").textContent).toBe("Nothing to preview yet.");
    fireEvent.change(screen.getByLabelText("Bio"), { target: { value: "hello" } });
    expect(screen.getByTestId("rendered").textContent).toBe("HELLO");
  });
});

describe("StatusMessage", () => {
  it("announces errors assertively and success politely", () => {
    const { rerender } = render(<StatusMessage kind="error">Denied</StatusMessage>);
    expect(screen.getByRole("alert").textContent).toBe("Denied");
    rerender(<StatusMessage kind="success">Saved</StatusMessage>);
    expect(screen.getByRole("status").textContent).toBe("Saved");
  });
});

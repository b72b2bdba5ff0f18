// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { RecommendationForm } from "./recommendation-form";

afterEach(cleanup);

const view = (submit: (d: unknown) => Promise<unknown>) => (
  <MemoryRouter>
    <RecommendationForm submit={submit} />
  </MemoryRouter>
);
const type = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
function fillValid() {
  type(/your name/i, "Bo Lee");
  type(/your role/i, "CTO at Acme");
  type(/how we worked together/i, "Managed Ana for two years");
  type(/^recommendation$/i, "Ana is thoughtful, fast and kind; she made the whole team better.");
}
const send = () => fireEvent.click(screen.getByRole("button", { name: /send recommendation/i }));

describe("RecommendationForm", () => {
  it("shows a message next to each invalid field on submit and does not send", () => {
    const submit = vi.fn(async () => {});
    render(view(submit));
    type(/link/i, "not a url");
    send();
    expect(submit).not.toHaveBeenCalled();
    const name = screen.getByLabelText(/your name/i);
    expect(name.getAttribute("aria-invalid")).toBe("true");
    const errorId = name.getAttribute("aria-describedby");
    expect(document.getElementById(errorId!)?.textContent).toBe("Your name is required.");
    expect(screen.getAllByText(/link must start with https/i)).toHaveLength(2); // in the summary and by the field
    expect(document.activeElement).toBe(name);
  });

  it("reports every problem at once, even after one field was checked on its own", () => {
    const submit = vi.fn(async () => {});
    render(view(submit));
    type(/your name/i, "B");
    fireEvent.blur(screen.getByLabelText(/your name/i));
    send();
    expect(submit).not.toHaveBeenCalled();
    const summary = screen.getByRole("alert");
    expect(summary.textContent).toMatch(/^4 fields need attention/);
    expect(
      within(summary)
        .getAllByRole("link")
        .map((a) => a.textContent),
    ).toEqual([
      expect.stringMatching(/^Your name needs at least/),
      "Your role is required.",
      "How we worked together is required.",
      "Recommendation is required.",
    ]);
    fireEvent.click(within(summary).getByRole("link", { name: "Your role is required." }));
    expect(document.activeElement).toBe(screen.getByLabelText(/your role/i));
  });

  it("validates a field when it loses focus", () => {
    render(view(vi.fn()));
    type(/^recommendation$/i, "Too short");
    expect(screen.queryByText(/needs at least/)).toBeNull();
    fireEvent.blur(screen.getByLabelText(/^recommendation$/i));
    expect(screen.getByText(/Recommendation needs at least/)).toBeTruthy();
  });

  it("disables the button while sending and confirms that it awaits approval", async () => {
    let resolve!: () => void;
    const submit = vi.fn(() => new Promise<void>((r) => (resolve = r)));
    render(view(submit));
    fillValid();
    type(/link/i, " https://linkedin.com/in/bo ");
    send();
    const button = screen.getByRole("button", { name: /sending/i });
    expect(button).toHaveProperty("disabled", true);
    expect(submit).toHaveBeenCalledWith({
      fullName: "Bo Lee",
      role: "CTO at Acme",
      relationship: "Managed Ana for two years",
      text: "Ana is thoughtful, fast and kind; she made the whole team better.",
      link: "https://linkedin.com/in/bo",
    });
    resolve();
    await waitFor(() => expect(screen.getByRole("status").textContent).toMatch(/awaits approval/));
  });

  it("says a denied write failed and keeps what was typed", async () => {
    const submit = vi.fn(async () => Promise.reject(Object.assign(new Error("PERMISSION_DENIED"), { code: "permission-denied" })));
    render(view(submit));
    fillValid();
    send();
    await waitFor(() => expect(screen.getByRole("alert").textContent).toMatch(/permission denied/i));
    expect((screen.getByLabelText(/your name/i) as HTMLInputElement).value).toBe("Bo Lee");
    expect(screen.getByRole("button", { name: /send recommendation/i })).toHaveProperty("disabled", false);
  });

  it("says a network failure failed and keeps what was typed", async () => {
    render(view(vi.fn(async () => Promise.reject(new Error("offline")))));
    fillValid();
    send();
    await waitFor(() => expect(screen.getByRole("alert").textContent).toMatch(/could not be sent/i));
    expect((screen.getByLabelText(/^recommendation$/i) as HTMLTextAreaElement).value).toMatch(/^Ana is thoughtful/);
  });

  it("does not send when the hidden honeypot is filled, yet looks successful", async () => {
    const submit = vi.fn(async () => {});
    const { container } = render(view(submit));
    fillValid();
    const trap = container.querySelector<HTMLInputElement>('input[name="website"]')!;
    expect(trap.tabIndex).toBe(-1);
    expect(trap.closest("[aria-hidden='true']")).not.toBeNull();
    fireEvent.change(trap, { target: { value: "http://spam.test" } });
    send();
    await waitFor(() => expect(screen.getByRole("status").textContent).toMatch(/awaits approval/));
    expect(submit).not.toHaveBeenCalled();
  });
});

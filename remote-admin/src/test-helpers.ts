// Helpers the remote's tests share (never imported by the app).
import { screen } from "@testing-library/react";

/**
 * What a sighted user would call a control: its text without what is hidden from sight or from
 * assistive technology, or its tooltip when that text is only a symbol (an arrow).
 */
export function visibleLabel(el: Element): string {
  const copy = el.cloneNode(true) as Element;
  for (const hidden of copy.querySelectorAll('[aria-hidden="true"], [class*="srOnly"]')) hidden.remove();
  const text = (copy.textContent ?? "").replace(/\s+/g, " ").trim();
  return /[\p{L}\p{N}]/u.test(text) ? text : (el.getAttribute("title") ?? "");
}

/**
 * The buttons whose accessible name does not start with their visible label (WCAG 2.5.3 label
 * in name: a speech-input user says what they see), as "visible label -> name" lines.
 */
export function buttonsWithLabelNotInName(): string[] {
  return screen.getAllByRole("button").flatMap((button) => {
    const visible = visibleLabel(button);
    const pattern = new RegExp(`^${visible.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`, "i");
    const matching = visible ? screen.queryAllByRole("button", { name: pattern }) : [button];
    return matching.includes(button as HTMLElement) ? [] : [`${visible} -> ${button.getAttribute("aria-label") ?? button.textContent}`];
  });
}

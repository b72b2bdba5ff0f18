// Focus management shared by the admin forms.
import { flushSync } from "react-dom";

/**
 * Runs a form's check with its messages rendered at once, then moves the focus to the first
 * field with a message, so keyboard users land on the problem. Rendering synchronously (rather
 * than waiting for a frame) also holds in a tab the browser is not painting, where frames wait.
 * Returns whether the form was valid.
 */
export function validateAndFocus(formEl: HTMLFormElement | null, validate: () => boolean): boolean {
  let valid = true;
  flushSync(() => {
    valid = validate();
  });
  if (!valid) formEl?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  return valid;
}

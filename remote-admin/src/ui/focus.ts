// Focus management shared by the admin forms.

/** Move focus to the first field with a message, so keyboard users land on the problem. */
export function focusFirstInvalid(formEl: HTMLFormElement | null): void {
  // Wait for the messages to render.
  requestAnimationFrame(() => {
    formEl?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  });
}

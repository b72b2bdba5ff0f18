import { useState } from "react";
import { LIMITS } from "shared-content/admin";
import { TextField, type TextFieldProps } from "../ui";

/** A picture's alt text: required, and as long as the media record allows. */
export function AltTextField(props: Omit<TextFieldProps, "required" | "maxLength">) {
  return <TextField required maxLength={LIMITS.alt.max} {...props} />;
}

/**
 * The alt text a new picture needs before it is sent. `refuse` shows why the upload waits;
 * typing some text takes the message away.
 */
export function usePendingAlt() {
  const [alt, setAlt] = useState("");
  const [error, setError] = useState<string | undefined>();
  const onChange = (value: string) => {
    setAlt(value);
    if (value.trim()) setError(undefined);
  };
  return { alt, setAlt, refuse: setError, clearError: () => setError(undefined), field: { value: alt, onChange, error } };
}

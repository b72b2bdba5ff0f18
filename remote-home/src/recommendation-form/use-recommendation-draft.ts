import { useId, useState } from "react";
import { EMPTY_DRAFT, validateDraft, type FieldErrors, type RecommendationDraft } from "./validate";

export type DraftField = keyof RecommendationDraft;

/**
 * The form's input and its validation: a field's error shows once it was left (touched) or a send was tried,
 * and `invalid` lists every problem at once after a send was tried.
 */
export function useRecommendationDraft() {
  const [draft, setDraft] = useState<RecommendationDraft>(EMPTY_DRAFT);
  const [touched, setTouched] = useState<Partial<Record<DraftField, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const uid = useId();

  const errors: FieldErrors = validateDraft(draft);
  const visible = (name: DraftField) => (submitted || touched[name] ? errors[name] : undefined);
  const idOf = (name: DraftField | "website") => `${uid}-${name}`;

  /** The props of a field's input: its value, its validity and where its message is. */
  const field = (name: DraftField) => {
    const error = visible(name);
    return {
      id: idOf(name),
      name,
      value: draft[name],
      "aria-invalid": error ? ("true" as const) : ("false" as const),
      "aria-describedby": error ? `${idOf(name)}-error` : `${idOf(name)}-hint`,
      onChange: (e: { target: { value: string } }) => setDraft((d) => ({ ...d, [name]: e.target.value })),
      onBlur: () => setTouched((t) => ({ ...t, [name]: true })),
    };
  };

  const invalid = submitted ? (Object.keys(errors) as DraftField[]) : [];
  const markSubmitted = () => setSubmitted(true);
  const reset = () => {
    setDraft(EMPTY_DRAFT);
    setTouched({});
    setSubmitted(false);
  };

  return { draft, errors, invalid, visible, idOf, field, markSubmitted, reset };
}

/** Moves the keyboard focus to a field (from the error summary, or to the first invalid one on send). */
export function focusField(id: string): void {
  document.getElementById(id)?.focus();
}

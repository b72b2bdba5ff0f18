import { useCallback, useMemo, useRef, useState } from "react";

/** Messages keyed by field name (nested fields use dotted paths: "links.0.url"). */
export type FieldErrors = Record<string, string>;

/**
 * The message for a form field: its own, or the first one of a nested path under it
 * ("technologies.2" shows on the "technologies" input).
 */
export function errorFor(errors: FieldErrors, name: string): string | undefined {
  if (errors[name]) return errors[name];
  const prefix = `${name}.`;
  for (const [key, message] of Object.entries(errors)) if (key.startsWith(prefix)) return message;
  return undefined;
}

/** What ties a text control to one field of the form: spread into TextField, TextAreaField, SelectField, ImageUrlField or MarkdownEditor. */
export interface BoundField {
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
}

/** The fields of T that hold text. */
type TextKeys<T> = { [K in keyof T]: T[K] extends string ? K : never }[keyof T] & string;

export interface FormState<T> {
  values: T;
  /** Sets one field; its message appears once the field was changed or a submit was tried. */
  set: <K extends keyof T>(key: K, value: T[K]) => void;
  /** One text field's value, change handler and shown message (its own or a nested one's). */
  field: (key: TextKeys<T>) => BoundField;
  /** Replaces all values (e.g. after editing a list inside the form). */
  setValues: (update: T | ((previous: T) => T)) => void;
  /** Messages to show now (only for touched fields until a submit was tried). */
  errors: FieldErrors;
  /** Every current message, shown or not. */
  allErrors: FieldErrors;
  isValid: boolean;
  /** True when the values differ from the last loaded or saved ones. */
  dirty: boolean;
  /** Marks a submit attempt (shows every message) and returns whether the form is valid. */
  validateAll: () => boolean;
  /** Loads new baseline values (after loading a record or a successful save). */
  reset: (values: T) => void;
  /**
   * Makes `saved` the baseline and keeps the current values: after a save confirmed late, edits
   * made while it was on its way stay (and keep the form dirty).
   */
  commit: (saved: T) => void;
}

/**
 * Form state with validation before any write. `validate` returns messages by field name;
 * build it from shared-content's schemas (see `src/lib/validation.ts`).
 */
export function useForm<T extends object>(initial: T, validate: (values: T) => FieldErrors): FormState<T> {
  const [values, setValuesState] = useState<T>(initial);
  const [baseline, setBaseline] = useState<string>(() => JSON.stringify(initial));
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  const [submitted, setSubmitted] = useState(false);
  const validateRef = useRef(validate);
  validateRef.current = validate;

  const allErrors = useMemo(() => validateRef.current(values), [values]);
  const errors = useMemo(() => {
    if (submitted) return allErrors;
    const shown: FieldErrors = {};
    for (const [key, message] of Object.entries(allErrors)) {
      const root = key.split(".")[0] ?? key;
      if (touched.has(key) || touched.has(root)) shown[key] = message;
    }
    return shown;
  }, [allErrors, submitted, touched]);

  const set = useCallback(<K extends keyof T>(key: K, value: T[K]) => {
    setValuesState((prev) => ({ ...prev, [key]: value }));
    setTouched((prev) => (prev.has(String(key)) ? prev : new Set(prev).add(String(key))));
  }, []);

  const field = (key: TextKeys<T>): BoundField => ({
    value: values[key] as string,
    onChange: (value: string) => set(key, value as T[TextKeys<T>]),
    error: errorFor(errors, key),
  });

  const setValues = useCallback((update: T | ((previous: T) => T)) => {
    setValuesState(update);
  }, []);

  const validateAll = useCallback(() => {
    setSubmitted(true);
    return Object.keys(validateRef.current(values)).length === 0;
  }, [values]);

  const reset = useCallback((next: T) => {
    setValuesState(next);
    setBaseline(JSON.stringify(next));
    setTouched(new Set());
    setSubmitted(false);
  }, []);

  const commit = useCallback((saved: T) => {
    setBaseline(JSON.stringify(saved));
    setSubmitted(false);
  }, []);

  return {
    values,
    set,
    field,
    setValues,
    errors,
    allErrors,
    isValid: Object.keys(allErrors).length === 0,
    dirty: JSON.stringify(values) !== baseline,
    validateAll,
    reset,
    commit,
  };
}

import { useId, type ReactNode, type InputHTMLAttributes, type TextareaHTMLAttributes, type SelectHTMLAttributes } from "react";
import styles from "./field.module.css";

/** Props a control needs so its label, hint and error are announced with it. */
export interface ControlProps {
  id: string;
  "aria-invalid": boolean | undefined;
  "aria-describedby": string | undefined;
}

export interface FieldProps {
  label: string;
  /** Validation message shown next to the field (and announced with the control). */
  error?: string | undefined;
  hint?: ReactNode;
  /** Advice that does not block saving (the control is not marked invalid), tied to it like the error. */
  warning?: string | undefined;
  /** A control after the message, e.g. a button that applies the fix it suggests. */
  action?: ReactNode;
  /** Marks the label; the control itself gets `required` from the caller. */
  required?: boolean;
  id?: string;
  className?: string;
  children: (control: ControlProps) => ReactNode;
}

/** Label + control + hint + error message, wired together with ids for screen readers. */
export function Field({ label, error, hint, warning, action, required, id, className, children }: FieldProps) {
  const autoId = useId();
  const controlId = id ?? `f${autoId.replace(/:/g, "")}`;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const warningId = warning ? `${controlId}-warning` : undefined;
  const describedBy = [hintId, errorId, warningId].filter(Boolean).join(" ") || undefined;
  return (
    <div className={[styles.field, className].filter(Boolean).join(" ")}>
      <label className={styles.label} htmlFor={controlId}>
        {label}
        {required ? <span className={styles.required}> (required)</span> : null}
      </label>
      {children({ id: controlId, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy })}
      {hint ? (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
      {warning ? (
        <p id={warningId} className={styles.warning} role="status">
          {warning}
        </p>
      ) : null}
      {action ? <div className={styles.action}>{action}</div> : null}
    </div>
  );
}

type BaseProps = Omit<FieldProps, "children">;

/**
 * The length of a text against its limit, shown as you type from 80 % of it on. The limit is
 * never applied by cutting (no `maxlength` attribute, which truncates a paste silently): a
 * longer text stays as typed and the form's check refuses it with its message.
 */
export function lengthNote(value: string, max: number | undefined): string | null {
  if (max === undefined || value.length < max * 0.8) return null;
  const count = `${value.length.toLocaleString("en-GB")} of ${max.toLocaleString("en-GB")} characters`;
  return value.length > max ? `${count}: ${(value.length - max).toLocaleString("en-GB")} over the limit, shorten it to save.` : count;
}

/** The caller's hint followed by the length note, if any. */
export function withLengthNote(hint: ReactNode, value: string, max: number | undefined): ReactNode {
  const note = lengthNote(value, max);
  if (!note) return hint;
  return hint ? (
    <>
      {hint} <span className={styles.length}>{note}</span>
    </>
  ) : (
    <span className={styles.length}>{note}</span>
  );
}

export interface TextFieldProps extends BaseProps, Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "onChange" | "value" | "className"> {
  value: string;
  onChange: (value: string) => void;
}

/** A labelled single-line input (text, url, email, number, month, date ...); `maxLength` shows the length as you type. */
export function TextField({ label, error, hint, action, required, id, className, value, onChange, maxLength, ...input }: TextFieldProps) {
  return (
    <Field label={label} error={error} hint={withLengthNote(hint, value, maxLength)} action={action} required={required} id={id} className={className}>
      {(control) => <input {...input} {...control} required={required} className={styles.input} value={value} onChange={(e) => onChange(e.target.value)} />}
    </Field>
  );
}

export interface TextAreaFieldProps extends BaseProps, Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "id" | "onChange" | "value" | "className"> {
  value: string;
  onChange: (value: string) => void;
}

/** A labelled multi-line text area; `maxLength` shows the length as you type. */
export function TextAreaField({ label, error, hint, required, id, className, value, onChange, rows = 4, maxLength, ...rest }: TextAreaFieldProps) {
  return (
    <Field label={label} error={error} hint={withLengthNote(hint, value, maxLength)} required={required} id={id} className={className}>
      {(control) => (
        <textarea {...rest} {...control} rows={rows} required={required} className={styles.textarea} value={value} onChange={(e) => onChange(e.target.value)} />
      )}
    </Field>
  );
}

export interface SelectFieldProps extends BaseProps, Omit<SelectHTMLAttributes<HTMLSelectElement>, "id" | "onChange" | "value" | "className"> {
  value: string;
  onChange: (value: string) => void;
  options: ReadonlyArray<{ value: string; label: string }>;
}

/** A labelled select. */
export function SelectField({ label, error, hint, required, id, className, value, onChange, options, ...rest }: SelectFieldProps) {
  return (
    <Field label={label} error={error} hint={hint} required={required} id={id} className={className}>
      {(control) => (
        <select {...rest} {...control} required={required} className={styles.input} value={value} onChange={(e) => onChange(e.target.value)}>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

export interface CheckboxFieldProps {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  hint?: ReactNode;
  id?: string;
}

/** A checkbox with its label on the right. */
export function CheckboxField({ label, checked, onChange, hint, id }: CheckboxFieldProps) {
  const autoId = useId();
  const controlId = id ?? `c${autoId.replace(/:/g, "")}`;
  return (
    <div className={styles.checkbox}>
      <input
        id={controlId}
        type="checkbox"
        checked={checked}
        aria-describedby={hint ? `${controlId}-hint` : undefined}
        onChange={(e) => onChange(e.target.checked)}
      />
      <label htmlFor={controlId}>{label}</label>
      {hint ? (
        <p id={`${controlId}-hint`} className={styles.hint}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}

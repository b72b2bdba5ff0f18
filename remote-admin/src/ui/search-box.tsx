import { useId } from "react";
// Styled as a field: the same label, input and note under it.
import styles from "./field.module.css";

export interface SearchBoxProps {
  value: string;
  onChange: (value: string) => void;
  label: string;
  placeholder?: string;
  /** E.g. "12 of 60 quotes"; announced politely as the results change. */
  resultSummary?: string;
}

/** A labelled search input with an announced result count. Escape clears it. */
export function SearchBox({ value, onChange, label, placeholder, resultSummary }: SearchBoxProps) {
  const id = useId();
  return (
    <div className={styles.field} role="search">
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <input
        id={id}
        type="search"
        className={styles.input}
        value={value}
        placeholder={placeholder}
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === "Escape" && value) {
            e.preventDefault();
            onChange("");
          }
        }}
      />
      {resultSummary !== undefined ? (
        <p role="status" className={styles.hint}>
          {resultSummary}
        </p>
      ) : null}
    </div>
  );
}

import { useCallback } from "react";
import { useQuotes } from "shared-content/admin";
import { FormGrid, TextAreaField, TextField, type FormState } from "../ui";
import { CollectionEditor } from "../editors/collection-editor";
import { formCodec, optional, optionalNumber, text, type FormValues } from "../lib/form-codec";
import styles from "./list-item.module.css";

const quoteForm = formCodec({ text, author: text, work: optional, year: optionalNumber });
type QuoteForm = FormValues<typeof quoteForm>;

const short = (s: string, n = 60) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

/** /admin-panel/write-quote: quotes with search and paging. */
export default function WriteQuote() {
  const live = useQuotes({ all: true });
  const renderForm = useCallback((form: FormState<QuoteForm>) => {
    const { field } = form;
    return (
      <>
        <TextAreaField label="Quote" required {...field("text")} rows={4} maxLength={1000} />
        <FormGrid>
          <TextField label="Author" required {...field("author")} maxLength={120} />
          <TextField label="Work" {...field("work")} hint="Optional: book, film, speech…" maxLength={160} />
          <TextField label="Year" inputMode="numeric" {...field("year")} hint="Optional; negative for BC" />
        </FormGrid>
      </>
    );
  }, []);
  return (
    <CollectionEditor
      kind="quotes"
      title="Favourite quotes"
      description="Quotes shown on the public quotes page."
      noun="quote"
      live={live}
      toForm={quoteForm.toForm}
      toFields={quoteForm.toFields}
      renderForm={renderForm}
      itemLabel={(q) => `${short(q.text, 50)} — ${q.author}`}
      searchFields={(q) => [q.text, q.author, q.work, q.year]}
      pageSize={20}
      renderItem={(q) => (
        <figure className={styles.figure}>
          <blockquote className={`${styles.quote} ${styles.clamp}`}>“{q.text}”</blockquote>
          <figcaption className={styles.meta}>
            — {q.author}
            {q.work ? `, ${q.work}` : ""}
            {q.year !== undefined ? ` (${q.year})` : ""}
          </figcaption>
        </figure>
      )}
    />
  );
}

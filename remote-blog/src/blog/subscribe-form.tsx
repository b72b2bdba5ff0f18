import { useId } from "react";
import styles from "./subscribe-form.module.css";

/**
 * The Subscribe form: a plain form the renderer answers (POST /subscribe), with or without
 * JavaScript, so visitors who never subscribe download only this markup's few hundred bytes.
 * The answer page repeats the form with field messages when the input needs correcting.
 */
export function SubscribeForm() {
  const id = useId();
  const field = (name: "email" | "tags", label: string, hint: string, type: string) => (
    <label className={styles.field}>
      {label}
      <input className={styles.input} name={name} type={type} autoComplete={name === "email" ? "email" : "off"} aria-describedby={`${id}-${name}`} />
      <span id={`${id}-${name}`} className={styles.hint}>
        {hint}
      </span>
    </label>
  );
  return (
    <section className={styles.box} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.heading}>
        New posts by email
      </h2>
      <form method="post" action="/subscribe" noValidate>
        <div className={styles.fields}>
          {field("email", "Email", "A link to confirm comes first.", "email")}
          {field("tags", "Only posts tagged (optional)", "Comma separated; empty for every post.", "text")}
          <button className={styles.button} type="submit">
            Subscribe
          </button>
        </div>
      </form>
    </section>
  );
}

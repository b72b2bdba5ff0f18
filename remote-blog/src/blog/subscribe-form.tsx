import { useId, useState, type FormEvent } from "react";
import styles from "./subscribe-form.module.css";

type Answer =
  | { status: "sending" }
  | { status: "accepted" | "limited" | "failed"; message: string }
  | { status: "invalid"; message: string; errors: Record<string, string> };

/**
 * The Subscribe form: a plain form the renderer answers (POST /subscribe, so it works without
 * JavaScript); with JavaScript it sends the same fields as JSON and shows the answer in place.
 */
export function SubscribeForm() {
  const id = useId();
  const [answer, setAnswer] = useState<Answer | null>(null);
  const errors = answer?.status === "invalid" ? answer.errors : {};
  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setAnswer({ status: "sending" });
    try {
      const res = await fetch("/subscribe", {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify(Object.fromEntries(new FormData(event.currentTarget))),
      });
      setAnswer((await res.json()) as Answer);
    } catch {
      setAnswer({ status: "failed", message: "The subscription could not be sent. Check the connection and try again." });
    }
  }
  const field = (name: "email" | "tags", label: string, hint: string, type: string) => (
    <label className={styles.field}>
      {label}
      <input
        className={styles.input}
        name={name}
        type={type}
        autoComplete={name === "email" ? "email" : "off"}
        required={name === "email"}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={`${id}-${name}`}
      />
      <span id={`${id}-${name}`} className={errors[name] ? styles.error : styles.hint}>
        {errors[name] ?? hint}
      </span>
    </label>
  );
  return (
    <section className={styles.box} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.heading}>
        New posts by email
      </h2>
      <form method="post" action="/subscribe" onSubmit={(e) => void onSubmit(e)} noValidate>
        <div className={styles.fields}>
          {field("email", "Email", "A link to confirm comes first.", "email")}
          {field("tags", "Only posts tagged (optional)", "Comma separated; empty for every post.", "text")}
          <button className={styles.button} type="submit" disabled={answer?.status === "sending"}>
            {answer?.status === "sending" ? "Subscribing…" : "Subscribe"}
          </button>
        </div>
        <p role="status" className={answer && answer.status !== "accepted" && answer.status !== "sending" ? styles.error : styles.hint}>
          {answer && answer.status !== "sending" ? answer.message : ""}
        </p>
      </form>
    </section>
  );
}

import { Link } from "shared-router";
import { contentErrorMessage, submitRecommendation, usePageMeta } from "shared-content";
import { RecommendationForm } from "../recommendation-form/recommendation-form";
import type { RecommendationDraft } from "../recommendation-form/validate";
import page from "shared-ui/styles/page.module.css";
import styles from "./write-recommendation-page.module.css";

async function submit(draft: RecommendationDraft) {
  await submitRecommendation({
    fullName: draft.fullName,
    role: draft.role,
    relationship: draft.relationship,
    text: draft.text,
    ...(draft.link ? { link: draft.link } : {}),
  });
}

function describeError(error: unknown): string {
  const code = typeof error === "object" && error !== null && "code" in error ? String((error as { code: unknown }).code) : "";
  // submitRecommendation says which limit refused it (one waiting for approval, or sent too recently).
  if (code === "permission-denied") return contentErrorMessage(error);
  if (code === "invalid") return "Some fields are not valid; please check the messages next to them. Nothing was saved.";
  return `Your recommendation could not be sent. ${contentErrorMessage(error)} Your text is still here.`;
}

/** `/write-recommendation`: a public form; submissions wait for the owner's approval. */
export default function WriteRecommendationPage() {
  usePageMeta({ title: "Write a recommendation", description: "Worked with me? Write a recommendation; it appears on the home page once approved." });
  return (
    <div className={`${page.root} ${styles.page}`}>
      <p className={styles.back}>
        <Link to="/">← Home</Link>
      </p>
      <h1 className={page.title}>Write a recommendation</h1>
      <p className={styles.lead}>
        Have we worked together? A few honest sentences about what it was like help a lot. Your recommendation is reviewed before it appears on the home page,
        together with your name, role and link.
      </p>
      <RecommendationForm submit={submit} describeError={describeError} />
    </div>
  );
}

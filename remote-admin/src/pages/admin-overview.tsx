import { Link } from "shared-router";
import { useAllPosts, useCollection, useQuotes, useSubmissions } from "shared-content/admin";
import { AdminPage, Button, StatusMessage } from "../ui";
import { ADMIN_SECTIONS } from "../lib/sections";
import styles from "./admin-overview.module.css";

interface Count {
  label: string;
  value: number | null;
  to: string;
}

/** /admin-panel: counts of what needs attention, and a link to every section. */
export default function AdminOverview() {
  const posts = useAllPosts();
  const submissions = useSubmissions();
  const quotes = useQuotes({ all: true });
  const films = useCollection("films");

  const ready = (s: { status: string }) => s.status === "ready";
  const published = posts.data.filter((p) => p.status === "published").length;
  const counts: Count[] = [
    { label: "Published posts", value: ready(posts) ? published : null, to: "/admin-panel/write-blog" },
    { label: "Drafts", value: ready(posts) ? posts.data.length - published : null, to: "/admin-panel/write-blog" },
    { label: "Pending recommendations", value: ready(submissions) ? submissions.data.length : null, to: "/admin-panel/configure-recommendations" },
    { label: "Quotes", value: ready(quotes) ? quotes.data.length : null, to: "/admin-panel/write-quote" },
    { label: "Films", value: ready(films) ? films.data.length : null, to: "/admin-panel/configure-films" },
  ];
  const failed = [posts, submissions, quotes, films].find((r) => r.status === "error");

  return (
    <AdminPage title="Admin overview" description="What is on the site, and what waits for you.">
      {failed ? (
        <StatusMessage
          kind="error"
          action={
            <Button size="small" onClick={() => [posts, submissions, quotes, films].forEach((r) => r.retry())}>
              Retry
            </Button>
          }
        >
          Some counts could not be loaded: {failed.error?.message}
        </StatusMessage>
      ) : null}
      <section aria-labelledby="overview-counts">
        <h2 id="overview-counts" className={styles.heading}>
          At a glance
        </h2>
        <ul className={styles.counts}>
          {counts.map((c) => (
            <li key={c.label}>
              <Link to={c.to} className={styles.count}>
                <span className={styles.value} aria-hidden={c.value === null}>
                  {c.value ?? "…"}
                </span>
                <span className={styles.countLabel}>
                  {c.label}
                  {c.value === null ? <span className={styles.srOnly}> (loading)</span> : null}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="overview-sections">
        <h2 id="overview-sections" className={styles.heading}>
          Sections
        </h2>
        <ul className={styles.sections}>
          {ADMIN_SECTIONS.map((s) => (
            <li key={s.path}>
              <Link to={s.path} className={styles.section}>
                <span className={styles.sectionTitle}>{s.title}</span>
                <span className={styles.sectionText}>{s.description}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </AdminPage>
  );
}

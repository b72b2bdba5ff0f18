import { Link } from "shared-router";
import { ADMIN_SECTIONS, DATA_TOOL, SITE_PATHS, useAllPosts, useCollection, useQuotes, useSubmissions } from "shared-content/admin";
import { visuallyHidden } from "shared-ui";
import { AdminPage, Button, StatusMessage } from "../ui";
import styles from "./admin-overview.module.css";

const section = SITE_PATHS.adminSection.getHref;

/** The overview's cards: every section but the account, then the data tool. */
const CARDS = [
  ...ADMIN_SECTIONS.filter((s) => !("overview" in s)).map((s) => ({ path: section(s.slug), label: s.label, description: s.description })),
  { path: SITE_PATHS.dataTool.getHref(), ...DATA_TOOL },
];

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
    { label: "Published posts", value: ready(posts) ? published : null, to: section("write-blog") },
    { label: "Drafts", value: ready(posts) ? posts.data.length - published : null, to: section("write-blog") },
    { label: "Pending recommendations", value: ready(submissions) ? submissions.data.length : null, to: section("configure-recommendations") },
    { label: "Quotes", value: ready(quotes) ? quotes.data.length : null, to: section("write-quote") },
    { label: "Films", value: ready(films) ? films.data.length : null, to: section("configure-films") },
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
                  {c.value === null ? <span className={visuallyHidden}> (loading)</span> : null}
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
          {CARDS.map((s) => (
            <li key={s.path}>
              <Link to={s.path} className={styles.section}>
                <span className={styles.sectionTitle}>{s.label}</span>
                <span className={styles.sectionText}>{s.description}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </AdminPage>
  );
}

import { Link } from "shared-router";
import { SITE_PATHS, postUrl, usePageMeta, type PageMeta, type Series } from "shared-content";
import type { LoadState } from "shared-ui";
import { AsyncView } from "../ui/async-view";
import page from "../ui/page.module.css";
import styles from "./series-box.module.css";

/** The series page's metadata: its name and size; a series with no published part answers 404. */
export function seriesMeta(state: LoadState<Series | null>): PageMeta | null {
  if (state.status !== "ready") return null;
  const series = state.data;
  if (!series) return { title: "Series not found", description: "This series does not exist or has no published post yet.", status: 404 };
  const count = `${series.parts.length} ${series.parts.length === 1 ? "post" : "posts"}`;
  return { title: series.title, description: `A series of ${count}, in reading order: ${series.parts.map((p) => p.title).join(", ")}.`.slice(0, 300) };
}

/** `/blogs/series/:slug`: a series' published parts in reading order. */
export function SeriesView({ state, slug }: { state: LoadState<Series | null>; slug: string }) {
  usePageMeta(seriesMeta(state));
  const missing = `There is no series at “${slug}”, or none of its posts is published yet.`;
  const back = (
    <p>
      <Link to={SITE_PATHS.blogList.getHref()}>← All posts</Link>
    </p>
  );
  // A 404 page like the others: its own heading, then why.
  if (state.status === "ready" && state.data === null) {
    return (
      <div className={page.page} data-state="not-found">
        {back}
        <h1 className={page.title}>Series not found</h1>
        <p>{missing}</p>
      </div>
    );
  }
  return (
    <div className={page.page}>
      {back}
      <AsyncView what="series" state={state} isEmpty={(series) => series === null} emptyText={missing}>
        {(series) =>
          series ? (
            <section aria-labelledby="series-title" data-series={series.slug}>
              <h1 id="series-title" className={page.title}>
                {series.title}
              </h1>
              <p>
                A series in {series.parts.length} {series.parts.length === 1 ? "part" : "parts"}, in reading order.
              </p>
              <ol className={styles.parts} aria-label={`The parts of ${series.title}`}>
                {series.parts.map((part) => (
                  <li key={part.id}>
                    <Link to={postUrl(part.id)}>{part.title}</Link>
                  </li>
                ))}
              </ol>
            </section>
          ) : null
        }
      </AsyncView>
    </div>
  );
}

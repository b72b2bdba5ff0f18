import { Link } from "shared-router";
import { SITE_PATHS, partPosition, postUrl, useSeries } from "shared-content";
import styles from "./series-box.module.css";

/**
 * A post's place in its series, "Part n of m", with links to the other published parts: one
 * small read (blog/series/{slug}), in the server's HTML. Nothing while it loads or if it fails:
 * the post reads without it.
 */
export function SeriesBox({ postSlug, seriesSlug }: { postSlug: string; seriesSlug: string }) {
  const series = useSeries(seriesSlug);
  const data = series.status === "ready" ? series.data : null;
  const position = data ? partPosition(data, postSlug) : null;
  if (!data || !position) return null;
  return (
    <nav className={styles.box} aria-label={`Series: ${data.title}`} data-series={data.slug}>
      <p className={styles.heading}>
        Part {position.n} of {position.m} in the series <Link to={SITE_PATHS.series.getHref(data.slug)}>{data.title}</Link>
      </p>
      <ol className={styles.parts}>
        {data.parts.map((part) => (
          <li key={part.id}>
            {part.id === postSlug ? (
              <span className={styles.current} aria-current="page">
                {part.title}
              </span>
            ) : (
              <Link to={postUrl(part.id)}>{part.title}</Link>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}

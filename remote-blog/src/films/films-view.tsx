import { Picture, averageRating, filmsByDecade, formatDay, loadFailureMessage, type FilmStats, type FilmTally, type TallyKind } from "shared-content";
import { useCallback, useEffect, useRef, useState } from "react";
import type { LoadState } from "shared-ui";
import type { PagedState } from "../ui/async-state";
import { AsyncView } from "../ui/async-view";
import { SearchField, SearchOverAll } from "../ui/search";
import { ErrorState, Skeleton, visuallyHidden } from "shared-ui";
import type { Film } from "../ui/types";
import { filterFilms, formatWatchTime, showingLabel, sortFilms, SORT_LABELS, type FilmSort } from "./films-logic";
import { Rating } from "./rating";
import page from "../ui/page.module.css";
import styles from "./films-view.module.css";

interface Props {
  /** The list in windows, already in `sort` order (the database sorts). */
  list: PagedState<Film>;
  /**
   * Every film, for a search: downloaded only once the visitor searches, so a visit costs the
   * window it shows. null: not asked.
   */
  all: LoadState<Film[]> | null;
  /** The numbers of the whole log, from its statistics record (null: a database without one). */
  stats: LoadState<FilmStats | null>;
  /** The directors and countries with the most films (their tallies' top entries). */
  tops: Record<TallyKind, LoadState<FilmTally[]>>;
  sort: FilmSort;
  onSortChange: (sort: FilmSort) => void;
  query: string;
  onQueryChange: (query: string) => void;
}

export function FilmsView({ list, all, stats, tops, sort, onSortChange, query, onQueryChange }: Props) {
  const searching = query.trim() !== "";
  const total = stats.status === "ready" && stats.data ? stats.data.count : null;

  return (
    <div className={page.page}>
      <h1 className={page.title}>Films I have seen</h1>
      <p className={page.lead}>A running log of what I watched, with a rating out of five.</p>
      <StatsPanel stats={stats} tops={tops} />
      <div className={page.toolbar} role="search">
        <SearchField id="film-search" label="Search by title or director" value={query} placeholder="e.g. Kurosawa" onChange={onQueryChange} />
        <div className={page.control}>
          <label htmlFor="film-sort">Sort by</label>
          <select id="film-sort" className={page.input} value={sort} onChange={(e) => onSortChange(e.target.value as FilmSort)}>
            {(Object.keys(SORT_LABELS) as FilmSort[]).map((k) => (
              <option key={k} value={k}>
                {SORT_LABELS[k]}
              </option>
            ))}
          </select>
        </div>
      </div>
      {searching ? (
        // The database cannot search text, so a search runs over every film once they are loaded.
        <SearchOverAll what="films" one="film" all={all}>
          {(films) => (
            <FilmResults
              films={sortFilms(filterFilms(films, query), sort)}
              label={`${filterFilms(films, query).length} of ${films.length} films match`}
              query={query}
            />
          )}
        </SearchOverAll>
      ) : (
        <AsyncView
          what="films"
          state={list}
          skeleton={<Skeleton label="Loading films…" lines={8} />}
          isEmpty={(l) => l.length === 0}
          emptyText="No films have been logged yet."
        >
          {(films) => (
            <>
              {/* The window's size, and the log's from its statistics: the same words in the server's HTML and after hydration. */}
              <FilmResults films={sortFilms(films, sort)} label={showingLabel(films.length, total)} query={query} />
              {list.hasMore || list.loadingMore ? <MoreFilms loadMore={list.loadMore} shown={films.length} busy={list.loadingMore} /> : null}
            </>
          )}
        </AsyncView>
      )}
    </div>
  );
}

function FilmResults({ films, label, query }: { films: Film[]; label: string; query: string }) {
  return (
    <>
      <p className={page.count} aria-live="polite">
        {label}
      </p>
      {films.length === 0 ? (
        <p className={styles.none}>No film matches “{query}”.</p>
      ) : (
        <ol className={styles.list}>
          {films.map((f) => (
            <li key={f.id}>
              <FilmCard film={f} />
            </li>
          ))}
        </ol>
      )}
    </>
  );
}

/** Next window when the end of the list scrolls into view; the button is the keyboard fallback. */
function MoreFilms({ loadMore, shown, busy }: { loadMore: () => void; shown: number; busy: boolean }) {
  const sentinel = useRef<HTMLDivElement>(null);
  // One request per window: the observer and the button may both fire for the same one.
  const requestedAt = useRef(-1);
  const request = useCallback(() => {
    if (requestedAt.current === shown) return;
    requestedAt.current = shown;
    loadMore();
  }, [loadMore, shown]);
  useEffect(() => {
    const el = sentinel.current;
    if (!el || busy || typeof IntersectionObserver === "undefined") return;
    // Only a scroll that brings the end into view loads more: if it is already in view when
    // a window arrives (scroll anchoring can keep it there), waiting avoids a chain reaction
    // that would load every film.
    let first = true;
    const io = new IntersectionObserver(
      (entries) => {
        const hit = entries.some((e) => e.isIntersecting);
        if (first) {
          first = false;
          if (hit) return;
        }
        if (hit) request();
      },
      { rootMargin: "200px 0px" },
    );
    io.observe(el);
    return () => io.disconnect();
  }, [request, busy]);
  return (
    <>
      <div ref={sentinel} className={styles.sentinel} aria-hidden="true" />
      <button type="button" className={`${page.more} ${styles.moreButton}`} onClick={request} disabled={busy} aria-busy={busy}>
        {busy ? "Loading more films…" : "Show more films"}
      </button>
    </>
  );
}

/**
 * The numbers of the whole log, from its statistics record (kept by the film writes): in the
 * server's HTML and live. A database without the record (older data) shows no numbers rather
 * than wrong ones; the first film saved in the admin panel builds it.
 */
function StatsPanel({ stats, tops }: { stats: LoadState<FilmStats | null>; tops: Props["tops"] }) {
  if (stats.status === "ready" && !stats.data?.count) return null;
  return (
    <section className={styles.stats} aria-labelledby="film-stats-heading" data-status={stats.status}>
      <h2 id="film-stats-heading" className={styles.statsTitle}>
        In numbers
      </h2>
      {stats.status === "error" ? (
        <ErrorState message={loadFailureMessage("The film statistics", stats.error)} onRetry={stats.retry} />
      ) : stats.data ? (
        <StatsFigures stats={stats.data} tops={tops} />
      ) : (
        <Skeleton label="Loading statistics…" lines={3} />
      )}
    </section>
  );
}

function StatsFigures({ stats, tops }: { stats: FilmStats; tops: Props["tops"] }) {
  const average = averageRating(stats);
  return (
    <>
      <dl className={styles.figures}>
        <div>
          <dt>Films</dt>
          <dd data-stat="count">{stats.count}</dd>
        </div>
        <div>
          <dt>Watch time</dt>
          <dd data-stat="time" title={`${Math.round(stats.minutes / 60)} hours`}>
            {formatWatchTime(stats.minutes)}
          </dd>
        </div>
        <div>
          <dt>Average rating</dt>
          <dd data-stat="average">{average === null ? "–" : `${average.toFixed(1)} / 5`}</dd>
        </div>
      </dl>
      <div className={styles.tops}>
        <TopList title="Top directors" items={tops.directors.data ?? []} />
        <TopList title="Top countries" items={tops.countries.data ?? []} />
        <div>
          <h3 className={styles.topTitle}>Films by decade of release</h3>
          {/* One line of text, not a list: eleven decades would cost a page of markup. A decade
              and its count never part at a line break, nor does a separator from the decade
              before it (no-break spaces), so no line starts with "·". */}
          <p className={styles.decades} data-stat="decades">
            {filmsByDecade(stats)
              .map(({ decade, count }) => `${decade}:\u00a0${count}`)
              .join("\u00a0· ")}
          </p>
        </div>
      </div>
    </>
  );
}

/** A ranked list of names with their number of films (an empty one is left out). Lean markup: it is in every page's HTML. */
function TopList({ title, items }: { title: string; items: readonly FilmTally[] }) {
  if (items.length === 0) return null;
  return (
    <div>
      <h3 className={styles.topTitle}>{title}</h3>
      <ol className={styles.top}>
        {items.map((i) => (
          <li key={i.name}>
            <span>{i.name}</span>
            <span>
              {i.count}
              <span className={visuallyHidden}>{i.count === 1 ? " film" : " films"}</span>
            </span>
          </li>
        ))}
      </ol>
    </div>
  );
}

function FilmCard({ film: f }: { film: Film }) {
  const [broken, setBroken] = useState(false);
  return (
    <article className={styles.card}>
      <Picture
        url={broken ? undefined : f.posterUrl}
        image={broken ? undefined : f.posterImage}
        sizes="64px"
        className={styles.poster}
        width={92}
        height={138}
        onError={() => setBroken(true)}
        fallback={
          <div className={styles.posterFallback} aria-hidden="true">
            {f.title.slice(0, 1)}
          </div>
        }
      />
      <div className={styles.info}>
        <h2 className={styles.title}>
          {f.title} <span className={styles.year}>({f.year})</span>
        </h2>
        <p className={styles.meta}>
          {f.directors.join(", ")}
          {f.countries.length ? ` · ${f.countries.join(", ")}` : ""} · {f.minutes} min
        </p>
        <p className={styles.ratingRow}>
          <Rating value={f.rating} />
          <span className={styles.watched}>
            watched <time dateTime={f.watchedOn}>{formatDay(f.watchedOn)}</time>
          </span>
        </p>
        {f.synopsis ? <p className={styles.synopsis}>{f.synopsis}</p> : null}
      </div>
    </article>
  );
}

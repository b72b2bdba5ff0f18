import { formatDay, loadFailureMessage } from "shared-content";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { LoadState } from "shared-ui";
import type { PagedState } from "../ui/async-state";
import { AsyncView } from "../ui/async-view";
import { ErrorState, Skeleton } from "shared-ui";
import { safeImageUrl } from "../ui/shared";
import type { Film } from "../ui/types";
import { filmStats, filterFilms, formatWatchTime, sortFilms, SORT_LABELS, type FilmSort, type FilmStats } from "./films-logic";
import { Rating } from "./rating";
import page from "../ui/page.module.css";
import styles from "./films-view.module.css";

interface Props {
  /** The list in windows, already in `sort` order (the database sorts). */
  list: PagedState<Film>;
  /**
   * Every film, for a search and the statistics: downloaded only once the visitor searches or
   * asks for the numbers (`onShowStats`), so a visit costs the window it shows. null: not asked.
   */
  all: LoadState<Film[]> | null;
  sort: FilmSort;
  onSortChange: (sort: FilmSort) => void;
  query: string;
  onQueryChange: (query: string) => void;
  onShowStats: () => void;
}

const NOT_ASKED: LoadState<Film[]> = { status: "loading", data: [], error: null, retry: () => {} };

export function FilmsView({ list, all, sort, onSortChange, query, onQueryChange, onShowStats }: Props) {
  const searching = query.trim() !== "";

  return (
    <div className={page.page}>
      <h1 className={page.title}>Films I have seen</h1>
      <p className={page.lead}>A running log of what I watched, with a rating out of five.</p>
      <StatsPanel all={all} onShow={onShowStats} />
      <div className={page.toolbar} role="search">
        <div className={page.control}>
          <label htmlFor="film-search">Search by title or director</label>
          <input id="film-search" type="search" value={query} placeholder="e.g. Kurosawa" onChange={(e) => onQueryChange(e.target.value)} />
        </div>
        <div className={page.control}>
          <label htmlFor="film-sort">Sort by</label>
          <select id="film-sort" value={sort} onChange={(e) => onSortChange(e.target.value as FilmSort)}>
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
        <AsyncView
          what="films"
          state={all ?? NOT_ASKED}
          skeleton={<Skeleton label="Loading every film for the search…" lines={4} />}
          isEmpty={() => false}
          emptyText=""
        >
          {(films) => (
            <FilmResults
              films={sortFilms(filterFilms(films, query), sort)}
              label={`${filterFilms(films, query).length} of ${films.length} films match`}
              query={query}
            />
          )}
        </AsyncView>
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
              {/* The window's size only: the same words in the server's HTML and after hydration. */}
              <FilmResults films={sortFilms(films, sort)} label={`Showing ${films.length} film${films.length === 1 ? "" : "s"}`} query={query} />
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

/** The numbers of the whole log: computed from every film, so only on request (see FilmsView's `all`). */
function StatsPanel({ all, onShow }: { all: LoadState<Film[]> | null; onShow: () => void }) {
  const films = all?.status === "ready" ? all.data : null;
  const stats = useMemo(() => (films ? filmStats(films) : null), [films]);
  return (
    <section className={styles.stats} aria-labelledby="film-stats-heading" data-status={all?.status ?? "not-asked"}>
      <h2 id="film-stats-heading" className={styles.statsTitle}>
        In numbers
      </h2>
      {all === null ? (
        <button type="button" className={page.more} onClick={onShow}>
          Show the numbers
        </button>
      ) : all.status === "error" ? (
        <ErrorState message={loadFailureMessage("The film statistics", all.error)} onRetry={all.retry} />
      ) : stats ? (
        <StatsFigures stats={stats} />
      ) : (
        <Skeleton label="Loading statistics…" lines={3} />
      )}
    </section>
  );
}

function StatsFigures({ stats }: { stats: FilmStats }) {
  return (
    <>
      <dl className={styles.figures}>
        <div>
          <dt>Films</dt>
          <dd data-stat="count">{stats.count}</dd>
        </div>
        <div>
          <dt>Watch time</dt>
          <dd data-stat="time" title={`${Math.round(stats.totalMinutes / 60)} hours`}>
            {formatWatchTime(stats.totalMinutes)}
          </dd>
        </div>
        <div>
          <dt>Average rating</dt>
          <dd data-stat="average">{stats.averageRating === null ? "–" : `${stats.averageRating.toFixed(1)} / 5`}</dd>
        </div>
      </dl>
      <div className={styles.tops}>
        <TopList title="Top directors" items={stats.topDirectors} />
        <TopList title="Top countries" items={stats.topCountries} />
      </div>
    </>
  );
}

function TopList({ title, items }: { title: string; items: { name: string; count: number }[] }) {
  return (
    <div>
      <h3 className={styles.topTitle}>{title}</h3>
      <ol className={styles.top}>
        {items.map((i) => (
          <li key={i.name}>
            <span className={styles.topName} title={i.name}>
              {i.name}
            </span>
            <span className={styles.topCount}>
              {i.count}
              <span className={page.visuallyHidden}> film{i.count === 1 ? "" : "s"}</span>
            </span>
          </li>
        ))}
      </ol>
    </div>
  );
}

function FilmCard({ film: f }: { film: Film }) {
  const [broken, setBroken] = useState(false);
  const poster = broken ? undefined : safeImageUrl(f.posterUrl);
  return (
    <article className={styles.card}>
      {poster ? (
        <img className={styles.poster} src={poster} alt="" loading="lazy" decoding="async" width={92} height={138} onError={() => setBroken(true)} />
      ) : (
        <div className={styles.posterFallback} aria-hidden="true">
          {f.title.slice(0, 1)}
        </div>
      )}
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

import { compareCodeUnits, SITE_PATHS, safeImageUrl } from "shared-content";
import { useState } from "react";
import { Link } from "shared-router";
import type { LoadState } from "shared-ui";
import { AsyncSection } from "../ui/async-section";
import { ExternalLink } from "../ui/external-link";
import type { Recommendation } from "./types";
import { CardGrid } from "../ui/card-grid";
import styles from "./recommendations-section.module.css";

export function sortRecommendations(items: readonly Recommendation[]): Recommendation[] {
  return [...items].sort((a, b) => (a.order ?? Infinity) - (b.order ?? Infinity) || compareCodeUnits(String(b.date ?? ""), String(a.date ?? "")));
}

export function RecommendationsSection({ state }: { state: LoadState<Recommendation[]> }) {
  return (
    <AsyncSection
      id="recommendations"
      title="Recommendations"
      state={state}
      isEmpty={(l) => l.length === 0}
      emptyText="No recommendations yet — be the first to write one."
      after={<WriteRecommendationCta />}
    >
      {(items) => <CardGrid items={sortRecommendations(items)} className={styles.grid} card={(r) => <RecommendationCard rec={r} />} />}
    </AsyncSection>
  );
}

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase() ?? "")
    .join("");
}

function RecommendationCard({ rec }: { rec: Recommendation }) {
  const [broken, setBroken] = useState(false);
  const avatar = broken ? undefined : safeImageUrl(rec.avatarUrl);
  return (
    <figure className={styles.card}>
      <blockquote className={styles.text}>
        <p>{rec.text}</p>
      </blockquote>
      <figcaption className={styles.author}>
        {avatar ? (
          <img className={styles.avatar} src={avatar} alt="" loading="lazy" width={44} height={44} onError={() => setBroken(true)} />
        ) : (
          <span className={styles.initials} aria-hidden="true">
            {initials(rec.fullName)}
          </span>
        )}
        <span>
          <span className={styles.name}>{rec.fullName}</span>
          <span className={styles.role}>{rec.role}</span>
          <span className={styles.relationship}>{rec.relationship}</span>
          {rec.links && rec.links.length > 0 ? (
            <span className={styles.links}>
              {rec.links.map((l, i) => (
                <ExternalLink key={`${l.url}-${i}`} href={l.url}>
                  {l.label}
                </ExternalLink>
              ))}
            </span>
          ) : null}
        </span>
      </figcaption>
    </figure>
  );
}

/** Call to action under the list; a plain path handled by the shell's router. */
export function WriteRecommendationCta() {
  return (
    <p className={styles.cta}>
      Worked with me? <Link to={SITE_PATHS.writeRecommendation.getHref()}>Write a recommendation</Link>
    </p>
  );
}

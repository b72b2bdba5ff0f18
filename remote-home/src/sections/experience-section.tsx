import { compareCodeUnits, formatDuration, formatMonth, monthSpan, Markdown } from "shared-content";
import type { LoadState } from "shared-ui";
import { AsyncSection } from "../ui/async-section";
import { Chips } from "../ui/chips";
import { ExternalLink } from "../ui/external-link";
import type { Experience } from "./types";
import styles from "./experience-section.module.css";

/** Explicit order first, then the most recent start. */
export function sortExperience(items: readonly Experience[]): Experience[] {
  return [...items].sort((a, b) => (a.order ?? Infinity) - (b.order ?? Infinity) || compareCodeUnits(b.start, a.start));
}

export function ExperienceSection({ state }: { state: LoadState<Experience[]> }) {
  return (
    <AsyncSection id="experience" title="Experience" state={state} isEmpty={(l) => l.length === 0} emptyText="No experience has been added yet.">
      {(items) => (
        <ol className={styles.timeline}>
          {sortExperience(items).map((e) => (
            <ExperienceItem key={e.id} item={e} />
          ))}
        </ol>
      )}
    </AsyncSection>
  );
}

function ExperienceItem({ item }: { item: Experience }) {
  const duration = formatDuration(monthSpan(item.start, item.end));
  return (
    <li className={styles.item}>
      <span className={styles.dot} aria-hidden="true" />
      <article className={styles.card}>
        <header>
          <h3 className={styles.role}>
            {item.role}
            <span className={styles.at}> at </span>
            <ExternalLink href={item.companyUrl} className={styles.company}>
              {item.company}
            </ExternalLink>
          </h3>
          <p className={styles.meta}>
            <span>
              {formatMonth(item.start)} – {item.end ? formatMonth(item.end) : "Present"}
            </span>
            {duration ? <span> · {duration}</span> : null}
            {item.location ? <span> · {item.location}</span> : null}
          </p>
        </header>
        {item.summary ? <Markdown source={item.summary} className={styles.summary} /> : null}
        {item.projects && item.projects.length > 0 ? (
          <ul className={styles.projects}>
            {item.projects.map((p, i) => (
              <li key={`${p.name}-${i}`}>
                <strong>{p.name}</strong>
                {p.description ? <span> — {p.description}</span> : null}
                <Chips items={p.technologies} label={`Technologies used in ${p.name}`} />
              </li>
            ))}
          </ul>
        ) : null}
      </article>
    </li>
  );
}

import { compareCodeUnits, Picture, formatMonth, Markdown, safeUrl } from "shared-content";
import type { LoadState } from "shared-ui";
import { AsyncSection } from "../ui/async-section";
import { Chips } from "../ui/chips";
import { ExternalLink } from "../ui/external-link";
import { hideOnError } from "shared-ui";
import type { Project } from "./types";
import { CardGrid } from "../ui/card-grid";
import styles from "./projects-section.module.css";

export function sortProjects(items: readonly Project[]): Project[] {
  return [...items].sort((a, b) => (a.order ?? Infinity) - (b.order ?? Infinity) || compareCodeUnits(b.date ?? "", a.date ?? ""));
}

export function ProjectsSection({ state }: { state: LoadState<Project[]> }) {
  return (
    <AsyncSection id="projects" title="Free-time projects" state={state} isEmpty={(l) => l.length === 0} emptyText="No side projects to show yet.">
      {(items) => <CardGrid items={sortProjects(items)} className={styles.grid} card={(p) => <ProjectCard project={p} />} />}
    </AsyncSection>
  );
}

/** A card of the grid: 1 column on a phone, 2 from about 36rem, 3 in the 72rem page (cards at least 17rem). */
const PROJECT_IMAGE_SIZES = "(min-width: 72rem) 23rem, (min-width: 36rem) 50vw, 100vw";

function ProjectCard({ project: p }: { project: Project }) {
  return (
    <article className={styles.card}>
      <Picture url={p.imageUrl} image={p.image} sizes={PROJECT_IMAGE_SIZES} className={styles.image} width={640} height={360} onError={hideOnError} />
      <div className={styles.body}>
        <h3 className={styles.title}>{p.title}</h3>
        {p.date ? <p className={styles.date}>{formatMonth(p.date)}</p> : null}
        <Markdown source={p.summary} className={styles.summary} />
        <Chips items={p.technologies} label={`Technologies used in ${p.title}`} />
        <p className={styles.links}>
          {safeUrl(p.sourceUrl) ? (
            <ExternalLink href={p.sourceUrl} aria-label={`Source code of ${p.title}`}>
              Source
            </ExternalLink>
          ) : null}
          {safeUrl(p.liveUrl) ? (
            <ExternalLink href={p.liveUrl} aria-label={`Live version of ${p.title}`}>
              Live
            </ExternalLink>
          ) : null}
        </p>
      </div>
    </article>
  );
}

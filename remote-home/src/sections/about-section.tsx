import { Picture, SITE_PATHS, loadFailureMessage, Markdown, safeUrl } from "shared-content";
import { Link } from "shared-router";
import type { LoadState } from "shared-ui";
import { EmptyState, ErrorState, Skeleton, hideOnError, visuallyHidden } from "shared-ui";
import type { About } from "./types";
import styles from "./about-section.module.css";

/**
 * The page's h1 lives here: the headline once loaded, a visually hidden "About me" before
 * that (loading, empty or error), so the page always has exactly one h1.
 */
export function AboutSection({ state }: { state: LoadState<About | null> }) {
  const about = state.status === "ready" ? state.data : undefined;
  let body;
  if (state.status === "error") body = <ErrorState message={loadFailureMessage("About me", state.error)} onRetry={state.retry} />;
  else if (about === undefined) body = <Skeleton label="Loading about…" lines={4} block />;
  else if (about === null) body = <EmptyState>Nothing about me has been written yet.</EmptyState>;
  return (
    <section id="about" className={styles.section} aria-labelledby="about-heading" data-section="about" data-status={state.status}>
      {about ? (
        <AboutView about={about} headingId="about-heading" />
      ) : (
        <>
          <h1 id="about-heading" className={visuallyHidden}>
            About me
          </h1>
          {body}
        </>
      )}
    </section>
  );
}

export function AboutView({ about, headingId }: { about: About; headingId?: string }) {
  const cv = safeUrl(about.cvUrl);
  return (
    <div className={styles.hero}>
      {/* The home page's likely largest paint. */}
      <Picture
        url={about.avatarUrl}
        image={about.avatarImage}
        sizes="112px"
        priority
        className={styles.avatar}
        width={112}
        height={112}
        onError={hideOnError}
      />
      <div className={styles.intro}>
        <h1 id={headingId} className={styles.headline}>
          {about.headline}
        </h1>
        {about.location ? <p className={styles.location}>{about.location}</p> : null}
        <Markdown source={about.bio} className={styles.bio} />
        <div className={styles.actions}>
          {cv ? (
            <a className={styles.primary} href={cv} target="_blank" rel="noopener noreferrer">
              Download CV
            </a>
          ) : null}
          <a className={styles.secondary} href="#contact">
            Get in touch
          </a>
          <Link className={styles.secondary} to={SITE_PATHS.writeRecommendation.getHref()}>
            Write a recommendation
          </Link>
        </div>
      </div>
    </div>
  );
}

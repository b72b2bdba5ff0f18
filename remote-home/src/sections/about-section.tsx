import { Link } from "react-router-dom";
import type { AsyncState } from "../ui/async-state";
import { AsyncSection } from "../ui/async-section";
import { Skeleton } from "../ui/state-panels";
import { Markdown, safeUrl } from "../ui/shared";
import type { About } from "./types";
import styles from "./about-section.module.css";

export function AboutSection({ state }: { state: AsyncState<About | null> }) {
  return (
    <AsyncSection
      id="about"
      title="About"
      hideTitle
      state={state}
      skeleton={<Skeleton label="Loading about…" lines={4} block />}
      isEmpty={(a) => a === null}
      emptyText="Nothing about me has been written yet."
    >
      {(about) => (about ? <AboutView about={about} /> : null)}
    </AsyncSection>
  );
}

export function AboutView({ about }: { about: About }) {
  const avatar = safeUrl(about.avatarUrl);
  const cv = safeUrl(about.cvUrl);
  return (
    <div className={styles.hero}>
      {avatar ? <img className={styles.avatar} src={avatar} alt="" width={112} height={112} /> : null}
      <div className={styles.intro}>
        <h1 className={styles.headline}>{about.headline}</h1>
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
          <Link className={styles.secondary} to="/write-recommendation">
            Write a recommendation
          </Link>
        </div>
      </div>
    </div>
  );
}

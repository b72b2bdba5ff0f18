import type { ReactNode } from "react";
import type { LoadState } from "shared-ui";
import { AboutSection } from "./sections/about-section";
import { ContactSection } from "./sections/contact-section";
import { ExperienceSection } from "./sections/experience-section";
import { ProjectsSection } from "./sections/projects-section";
import { RecommendationsSection } from "./sections/recommendations-section";
import { SkillsSection } from "./sections/skills-section";
import type { About, Contact, Experience, Project, Recommendation, Skill } from "./sections/types";
import page from "shared-ui/styles/page.module.css";
import styles from "./home-view.module.css";

export interface HomeData {
  about: LoadState<About | null>;
  experience: LoadState<Experience[]>;
  recommendations: LoadState<Recommendation[]>;
  skills: LoadState<Skill[]>;
  projects: LoadState<Project[]>;
  contact: LoadState<Contact | null>;
}

/** What the home page shows, in its order: the about block, the jump links, then each section. */
export interface HomeSections {
  about: ReactNode;
  experience: ReactNode;
  recommendations: ReactNode;
  skills: ReactNode;
  projects: ReactNode;
  contact: ReactNode;
}

/** The home page's layout around its sections, whoever reads their data. */
export function HomeLayout({ sections }: { sections: HomeSections }) {
  return (
    <div className={`${page.root} ${styles.page}`}>
      {sections.about}
      <nav className={styles.jump} aria-label="On this page">
        <a href="#experience">Experience</a>
        <a href="#recommendations">Recommendations</a>
        <a href="#skills">Skills</a>
        <a href="#projects">Projects</a>
        <a href="#contact">Contact</a>
      </nav>
      {sections.experience}
      {sections.recommendations}
      {sections.skills}
      {sections.projects}
      {sections.contact}
    </div>
  );
}

/** The home page from its six reads' states; each section handles its own states. */
export function HomeView({ data }: { data: HomeData }) {
  return (
    <HomeLayout
      sections={{
        about: <AboutSection state={data.about} />,
        experience: <ExperienceSection state={data.experience} />,
        recommendations: <RecommendationsSection state={data.recommendations} />,
        skills: <SkillsSection state={data.skills} />,
        projects: <ProjectsSection state={data.projects} />,
        contact: <ContactSection state={data.contact} />,
      }}
    />
  );
}

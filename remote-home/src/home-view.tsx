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

/** The home page from its six live reads; each section handles its own states. */
export function HomeView({ data }: { data: HomeData }) {
  return (
    <div className={`${page.root} ${styles.page}`}>
      <AboutSection state={data.about} />
      <nav className={styles.jump} aria-label="On this page">
        <a href="#experience">Experience</a>
        <a href="#recommendations">Recommendations</a>
        <a href="#skills">Skills</a>
        <a href="#projects">Projects</a>
        <a href="#contact">Contact</a>
      </nav>
      <ExperienceSection state={data.experience} />
      <RecommendationsSection state={data.recommendations} />
      <SkillsSection state={data.skills} />
      <ProjectsSection state={data.projects} />
      <ContactSection state={data.contact} />
    </div>
  );
}

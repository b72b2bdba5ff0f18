import { useAbout, useContact, useExperience, useMediaStorage, usePageMeta, useProjects, useRecommendations, useSkills } from "shared-content";
import { HomeLayout } from "../home-view";
import { homeMeta } from "../home-meta";
import { AboutSection } from "../sections/about-section";
import { ContactSection } from "../sections/contact-section";
import { ExperienceSection } from "../sections/experience-section";
import { ProjectsSection } from "../sections/projects-section";
import { RecommendationsSection } from "../sections/recommendations-section";
import { SkillsSection } from "../sections/skills-section";

// Each list section reads its own data in a component of its own, so that React hydrates the page
// (and re-renders it on a live change) one section at a time and yields to the browser between
// them. Read all in the page's component, the six reads were decoded and rendered as one unit of
// work: on a phone's CPU the longest task of the page's hydration.
const LiveExperience = () => <ExperienceSection state={useExperience()} />;
const LiveRecommendations = () => <RecommendationsSection state={useRecommendations()} />;
const LiveSkills = () => <SkillsSection state={useSkills()} />;
const LiveProjects = () => <ProjectsSection state={useProjects()} />;

/** `/`: six live reads, each section with its own loading, empty and error state. */
export default function HomePage() {
  // The about and contact records also make the page's title, description and preview tags.
  const about = useAbout();
  const contact = useContact();
  const media = useMediaStorage();
  usePageMeta(about.status === "loading" || contact.status === "loading" ? null : homeMeta(about.data, contact.data, media));
  return (
    <HomeLayout
      sections={{
        about: <AboutSection state={about} />,
        experience: <LiveExperience />,
        recommendations: <LiveRecommendations />,
        skills: <LiveSkills />,
        projects: <LiveProjects />,
        contact: <ContactSection state={contact} />,
      }}
    />
  );
}

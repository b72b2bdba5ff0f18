import { useAbout, useContact, useExperience, useMediaStorage, usePageMeta, useProjects, useRecommendations, useSkills } from "shared-content";
import { HomeView } from "../home-view";
import { homeMeta } from "../home-meta";

/** `/`: six live reads, each section with its own loading, empty and error state. */
export default function HomePage() {
  const about = useAbout();
  const contact = useContact();
  const experience = useExperience();
  const recommendations = useRecommendations();
  const skills = useSkills();
  const projects = useProjects();
  const media = useMediaStorage();
  usePageMeta(about.status === "loading" || contact.status === "loading" ? null : homeMeta(about.data, contact.data, media));
  return <HomeView data={{ about, contact, experience, recommendations, skills, projects }} />;
}

import { useAbout, useContact, useExperience, useProjects, useRecommendations, useSkills } from "shared-content";
import { HomeView } from "../home-view";

/** `/`: six live reads, each section with its own loading, empty and error state. */
export default function HomePage() {
  const about = useAbout();
  const contact = useContact();
  const experience = useExperience();
  const recommendations = useRecommendations();
  const skills = useSkills();
  const projects = useProjects();
  return <HomeView data={{ about, contact, experience, recommendations, skills, projects }} />;
}

import { ready } from "shared-ui/testing";
import type { HomeData } from "./home-view";
import type { About, Contact, Experience, Project, Recommendation, Skill } from "./sections/types";

export { ready, loading, failed } from "shared-ui/testing";

const meta = { rev: 1, updatedAt: 0 };

export const about: About = {
  headline: "Frontend engineer who likes boring, fast websites",
  bio: "I build **accessible** interfaces.",
  avatarUrl: "https://example.com/me.jpg",
  location: "Lisbon, Portugal",
  cvUrl: "https://example.com/cv.pdf",
  ...meta,
};
export const contact: Contact = {
  email: "ana@example.com",
  phone: "+351 912 345 678",
  location: "Lisbon",
  links: [{ label: "GitHub", url: "https://github.com/ana" }],
  ...meta,
};
export const experience: Experience[] = [
  {
    id: "e1",
    company: "Acme",
    companyUrl: "https://acme.test",
    role: "Senior engineer",
    start: "2021-03",
    summary: "Led the *design system*.",
    projects: [{ name: "Checkout", technologies: ["React", "TypeScript"] }],
    order: 0,
    ...meta,
  },
  { id: "e2", company: "Globex", role: "Engineer", start: "2018-01", end: "2021-02", projects: [], order: 1, ...meta },
];
export const skills: Skill[] = [
  { id: "s1", name: "TypeScript", category: "Languages", order: 0, ...meta },
  { id: "s2", name: "React", category: "Frameworks", order: 1, ...meta },
  { id: "s3", name: "Go", category: "Languages", order: 2, ...meta },
];
export const projects: Project[] = [
  {
    id: "p1",
    title: "Tiny router",
    summary: "A 1 kB router.",
    sourceUrl: "https://github.com/ana/router",
    technologies: ["TS"],
    date: "2023-06",
    order: 0,
    ...meta,
  },
];
export const recommendations: Recommendation[] = [
  {
    id: "r1",
    fullName: "Bo Lee",
    role: "CTO at Acme",
    relationship: "Managed Ana",
    text: "Ana is great to work with and ships.",
    links: [],
    date: "2024-01-02",
    order: 0,
    ...meta,
  },
];

export function homeData(over: Partial<HomeData> = {}): HomeData {
  return {
    about: ready<About | null>(about),
    contact: ready<Contact | null>(contact),
    experience: ready(experience),
    skills: ready(skills),
    projects: ready(projects),
    recommendations: ready(recommendations),
    ...over,
  };
}

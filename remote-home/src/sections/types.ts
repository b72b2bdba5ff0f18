// View types are the decoded records of shared-content (collections carry their key as `id`).
import type * as C from "shared-content";

export type About = C.About;
export type Contact = C.Contact;
export type Experience = C.WithId<C.Experience>;
export type Skill = C.WithId<C.Skill>;
export type Project = C.WithId<C.Project>;
export type Recommendation = C.WithId<C.Recommendation>;

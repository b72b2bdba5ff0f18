// The verdict rows the rules matrix repeats most (per actor, in the order read, create,
// overwrite, delete, invalid, unknown field), shared by rules-matrix.ts and its mail part.

/** Public content written only by admins (site, experience, skills, projects, ...). */
export const PUBLIC_ADMIN_WRITE = {
  //         read     create  overwrite delete   invalid  unknown field
  visitor: ["allow", "deny", "deny", "deny", "deny", "deny"],
  stranger: ["allow", "deny", "deny", "deny", "deny", "deny"],
  admin: ["allow", "allow", "allow", "allow", "deny", "deny"],
} as const;

/** The admin's alone: visitors and signed-in strangers neither read nor write it (drafts, media, subscribers). */
export const ADMIN_ONLY = {
  //         read     create   overwrite delete  invalid  unknown field
  visitor: ["deny", "deny", "deny", "deny", "deny", "deny"],
  stranger: ["deny", "deny", "deny", "deny", "deny", "deny"],
  admin: ["allow", "allow", "allow", "allow", "deny", "deny"],
} as const;

// Every exposed screen the shell uses, per remote of the roster (federation-kit/remotes; docs/architecture.md,
// "Routes"). RemoteScreen only accepts these, and a unit test checks them against each remote's src/exposes.json.
import type { RemoteName } from "federation-kit/remotes";

export type { RemoteName };

export const REMOTE_SCREENS = {
  remote_home: ["HomePage", "WriteRecommendationPage"],
  remote_blog: ["BlogListPage", "BlogPostPage", "BlogSeriesPage", "FavoriteQuotesPage", "SeenFilmsPage", "BlogPostPreview"],
  remote_admin: [
    "AdminOverview",
    "ConfigureAbout",
    "ConfigureExperience",
    "ConfigureRecommendations",
    "ConfigureSkills",
    "ConfigureFreeTimeProjects",
    "ConfigureGetInTouch",
    "WriteBlog",
    "WriteQuote",
    "ConfigureFilms",
    "MediaLibrary",
    "Subscribers",
    "Account",
    "CreateRealtimeData",
    // Not a screen: the pending recommendations count in the admin navigation.
    "PendingCount",
  ],
} as const satisfies Record<RemoteName, readonly string[]>;
export type ScreenOf<R extends RemoteName> = (typeof REMOTE_SCREENS)[R][number];

/** Every remote of the roster, in its order. */
export const REMOTE_NAMES = Object.keys(REMOTE_SCREENS) as RemoteName[];

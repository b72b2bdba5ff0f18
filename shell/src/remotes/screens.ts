// Every exposed screen the shell uses, per remote (docs/architecture.md, "Routes"). RemoteScreen only accepts
// these, and a unit test checks them against each remote's src/exposes.json.
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
    "Account",
    "CreateRealtimeData",
    // Not a screen: the pending recommendations count in the admin navigation.
    "PendingCount",
  ],
} as const;

export type RemoteName = keyof typeof REMOTE_SCREENS;
export type ScreenOf<R extends RemoteName> = (typeof REMOTE_SCREENS)[R][number];

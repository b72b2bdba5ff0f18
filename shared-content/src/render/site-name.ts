/** The site's name until the owner sets theirs (the about section's name). */
export const SITE_NAME = "Portfolio";

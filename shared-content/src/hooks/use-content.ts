// The public live reads, over the REST stream: a visitor's page downloads no Firebase SDK.
import { restSource } from "../live/rest-stream";
import { SITE_NAME } from "../render/site-name";
import { makeContentHooks } from "./content-hooks";

export type { PagedLiveResult, PageOptions, FilmOrder, ContentHooks } from "./content-hooks";

export const {
  useAbout,
  useContact,
  useExperience,
  useSkills,
  useProjects,
  useRecommendations,
  useQuotes,
  useQuote,
  useBlogIndex,
  useBlogPost,
  usePostNeighbourhood,
  useFilms,
} = makeContentHooks(restSource);

/** The site's name: the owner's name from the about section, "Portfolio" until one is set. */
export function useSiteName(): string {
  return useAbout().data?.name ?? SITE_NAME;
}

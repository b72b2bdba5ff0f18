// The public live reads, over the REST stream: a visitor's page downloads no Firebase SDK.
import { restSource } from "../live/rest-stream";
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
  useSeries,
  useFilms,
  useFilmStats,
  useFilmTop,
} = makeContentHooks(restSource);

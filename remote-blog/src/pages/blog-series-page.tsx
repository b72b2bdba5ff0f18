import { useParams } from "shared-router";
import { useSeries } from "shared-content";
import { SeriesView } from "../blog/series-view";

/** `/blogs/series/:slug`: one series' published parts, in order (one small read). */
export default function BlogSeriesPage() {
  const slug = useParams().slug ?? "";
  return <SeriesView state={useSeries(slug)} slug={slug} />;
}

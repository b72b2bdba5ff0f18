import { useCallback } from "react";
import { byWatchedDesc, useCollection, useFilmStats, type Film, type ImageRef, type WithId } from "shared-content/admin";
import { visuallyHidden } from "shared-ui";
import { FormGrid, SelectField, TextAreaField, TextField, type FormState } from "../ui";
import { CollectionEditor } from "../editors/collection-editor";
import { ImageField } from "../media/image-field";
import { formCodec, kept, list, number, optional, startingAt, text, type FormValues } from "../lib/form-codec";
import styles from "./list-item.module.css";

/** 0, 0.5, 1 … 5 */
export const RATING_OPTIONS = Array.from({ length: 11 }, (_, i) => {
  const value = i / 2;
  return { value: String(value), label: `${value} ${value === 1 ? "star" : "stars"}` };
});

const today = () => new Date().toISOString().slice(0, 10);

const filmForm = formCodec({
  title: text,
  year: number,
  directors: list,
  countries: list,
  minutes: number,
  rating: startingAt(number, () => "3"),
  synopsis: optional,
  posterUrl: optional,
  posterImage: kept<ImageRef>(),
  watchedOn: startingAt(text, today),
});
type FilmForm = FormValues<typeof filmForm>;

const newestWatchedFirst = (items: WithId<Film>[]) => [...items].sort(byWatchedDesc);

export const ratingText = (rating: number) => `${"★".repeat(Math.floor(rating))}${rating % 1 ? "½" : ""}`;

/** /admin-panel/configure-films: every film, newest watched first, with search and paging. */
export default function ConfigureFilms() {
  const live = useCollection("films");
  // A film's save reads the statistics it keeps (shared-content's film writes); listening here
  // keeps them in the SDK's cache, so a save while the connection is down is queued like any other.
  const stats = useFilmStats();
  const renderForm = useCallback((form: FormState<FilmForm>) => {
    const { field } = form;
    return (
      <>
        <FormGrid>
          <TextField label="Title" required {...field("title")} maxLength={200} />
          <TextField label="Year" required inputMode="numeric" {...field("year")} />
          <TextField label="Directors" required {...field("directors")} hint="Comma separated" />
          <TextField label="Countries" {...field("countries")} hint="Comma separated" />
          <TextField label="Running time (minutes)" required inputMode="numeric" {...field("minutes")} />
          <SelectField label="Rating" required {...field("rating")} options={RATING_OPTIONS} hint="In half steps, 0 to 5" />
          <TextField label="Watched on" required type="date" {...field("watchedOn")} />
          <ImageField form={form} purpose="poster" label="Poster URL" urlKey="posterUrl" imageKey="posterImage" />
        </FormGrid>
        <TextAreaField label="Synopsis" {...field("synopsis")} rows={4} maxLength={2000} />
      </>
    );
  }, []);
  return (
    <CollectionEditor
      kind="films"
      title="Seen films"
      description={`The public list of seen films. Newest watched first.${stats.data ? ` The films page counts ${stats.data.count} in its numbers.` : ""}`}
      noun="film"
      live={live}
      sort={newestWatchedFirst}
      toForm={filmForm.toForm}
      toFields={filmForm.toFields}
      renderForm={renderForm}
      itemLabel={(f) => `${f.title} (${f.year})`}
      searchFields={(f) => [f.title, f.year, ...f.directors, ...f.countries]}
      pageSize={25}
      renderItem={(f) => (
        <div>
          <div className={styles.title}>
            {f.title} <span className={styles.meta}>({f.year})</span>
          </div>
          <p className={styles.meta}>
            {f.directors.join(", ")} · watched {f.watchedOn} ·{" "}
            <span className={styles.stars} aria-hidden="true">
              {ratingText(f.rating) || "☆"}
            </span>
            <span className={visuallyHidden}>{f.rating} of 5 stars</span>
          </p>
        </div>
      )}
    />
  );
}

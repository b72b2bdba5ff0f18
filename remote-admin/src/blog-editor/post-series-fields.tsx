import { useId, useMemo } from "react";
import { LIMITS, slugify, type BlogPost, type WithId } from "shared-content/admin";
import { FormGrid, Panel, TextField } from "../ui";
import type { RecordForm } from "../lib/use-record-form";
import type { PostForm } from "./post-form";
import styles from "./blog-editor.module.css";

/** The series this post belongs to: a name (an existing series or a new one) and its part number. */
export function PostSeriesFields({ form, allPosts, loadedSlug }: { form: RecordForm<PostForm>; allPosts: WithId<BlogPost>[]; loadedSlug: string | null }) {
  const { values, field } = form;
  const listId = useId();
  // Every series in use, drafts included, with the parts it has: the name list and the next free part.
  const known = useMemo(() => {
    const bySlug = new Map<string, { title: string; parts: { part: number; title: string }[] }>();
    for (const p of allPosts) {
      if (!p.series || p.id === loadedSlug) continue;
      const entry = bySlug.get(p.series.slug) ?? { title: p.series.title, parts: [] };
      entry.parts.push({ part: p.series.part, title: p.title });
      bySlug.set(p.series.slug, entry);
    }
    return bySlug;
  }, [allPosts, loadedSlug]);
  const chosen = values.seriesTitle.trim() ? known.get(slugify(values.seriesTitle)) : undefined;
  const others = chosen ? [...chosen.parts].sort((a, b) => a.part - b.part) : [];
  const nextPart = others.length ? Math.max(...others.map((p) => p.part)) + 1 : 1;
  return (
    <Panel title="Series">
      <FormGrid>
        <TextField
          label="Series name"
          {...field("seriesTitle")}
          list={listId}
          maxLength={LIMITS.headline.max}
          hint={
            values.seriesTitle.trim()
              ? chosen
                ? `Part of “${chosen.title}”, with ${others.length} other ${others.length === 1 ? "post" : "posts"}.`
                : `A new series, at /blogs/series/${slugify(values.seriesTitle) || "…"}.`
              : "Leave empty if this post is not part of a series. Choose an existing name or type a new one."
          }
        />
        <TextField
          label="Part number"
          inputMode="numeric"
          {...field("seriesPart")}
          hint={values.seriesTitle.trim() ? `Its place in the series, from 1${others.length ? `; the next free part is ${nextPart}` : ""}.` : undefined}
        />
      </FormGrid>
      <datalist id={listId}>
        {[...known.values()].map((s) => (
          <option key={s.title} value={s.title} />
        ))}
      </datalist>
      {others.length ? (
        <p className={styles.muted}>Other parts: {others.map((p) => `${p.part}. ${p.title}`).join(" · ")}. Only published parts show on the site.</p>
      ) : null}
    </Panel>
  );
}

import type { ConfirmOptions } from "../ui";

/** A form's values as compared: list rows' own React keys ("key") are not content. */
function comparable(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(comparable);
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([k]) => k !== "key")
        .map(([k, v]) => [k, comparable(v)]),
    );
  }
  return value;
}

const EXCERPT = 60;

/** The two texts around where they first differ, each at most EXCERPT characters. */
export function differingExcerpts(theirs: string, mine: string): [string, string] {
  let start = 0;
  while (start < theirs.length && start < mine.length && theirs[start] === mine[start]) start++;
  const from = Math.max(0, start - 20);
  const cut = (text: string) => {
    const part = text.slice(from, from + EXCERPT);
    return `${from > 0 ? "…" : ""}${part}${from + EXCERPT < text.length ? "…" : ""}`;
  };
  return [cut(theirs), cut(mine)];
}

const asText = (value: unknown) =>
  typeof value === "string" ? value : typeof value === "boolean" ? (value ? "yes" : "no") : JSON.stringify(comparable(value));
/** "coverUrl" -> "Cover url": a readable name when the form gives none. */
const fallbackLabel = (key: string) => key.replace(/([a-z])([A-Z])/g, "$1 $2").replace(/^./, (c) => c.toUpperCase());

/** The fields whose values differ between theirs and mine, with an excerpt of each. */
export function differences<F extends object>(theirs: F, mine: F, labels: Record<string, string> = {}) {
  const out: { label: string; theirs: string; mine: string }[] = [];
  for (const key of Object.keys(mine)) {
    const a = (theirs as Record<string, unknown>)[key];
    const b = (mine as Record<string, unknown>)[key];
    if (JSON.stringify(comparable(a)) === JSON.stringify(comparable(b))) continue;
    const [t, m] = differingExcerpts(asText(a), asText(b));
    out.push({ label: labels[key] ?? fallbackLabel(key), theirs: t, mine: m });
  }
  return out;
}

/**
 * The question before "Keep mine": what saving over their version replaces, field by field,
 * and where their version stays (a post's earlier versions) or that it does not.
 */
export function overwriteQuestion<F extends object>({
  noun,
  theirs,
  mine,
  labels,
  keptWhere,
}: {
  noun: string;
  theirs: F;
  mine: F;
  labels?: Record<string, string>;
  keptWhere?: string;
}): ConfirmOptions {
  const diff = differences(theirs, mine, labels);
  return {
    title: "Save your version over theirs?",
    message: (
      <>
        <p>
          {diff.length === 0
            ? `Your version of this ${noun} is the same as theirs.`
            : `Saving replaces what was saved elsewhere in ${diff.length === 1 ? "this field" : `these ${diff.length} fields`}:`}
        </p>
        {diff.length > 0 ? (
          <dl>
            {diff.map((d) => (
              <div key={d.label}>
                <dt>
                  <strong>{d.label}</strong>
                </dt>
                <dd>Theirs: “{d.theirs || "(empty)"}”</dd>
                <dd>Yours: “{d.mine || "(empty)"}”</dd>
              </div>
            ))}
          </dl>
        ) : null}
        <p>
          {keptWhere ? `Their version is kept in ${keptWhere}, where you can restore it.` : "Their version is not kept: copy anything you need from it first."}
        </p>
      </>
    ),
    confirmLabel: "Save mine over theirs",
    cancelLabel: "Cancel",
    tone: "normal",
  };
}

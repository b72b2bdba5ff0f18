import type { ReactNode } from "react";
import { Skeleton, type LoadState } from "shared-ui";
import { AsyncView } from "./async-view";
import page from "./page.module.css";

/** A public list's search box: labelled, in the page's toolbar. */
export function SearchField({
  id,
  label,
  value,
  placeholder,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  placeholder: string;
  onChange: (query: string) => void;
}) {
  return (
    <div className={page.control}>
      <label htmlFor={id}>{label}</label>
      <input id={id} className={page.input} type="search" value={value} placeholder={placeholder} onChange={(e) => onChange(e.target.value)} />
    </div>
  );
}

/**
 * The results of a search over every item of a list: the database cannot search text, so a
 * search downloads the whole list (`all`, null until it is asked for) and filters it here.
 */
export function SearchOverAll<T>({ what, one, all, children }: { what: string; one: string; all: LoadState<T[]> | null; children: (items: T[]) => ReactNode }) {
  return (
    <AsyncView
      what={what}
      state={all ?? { status: "loading", data: [], error: null, retry: () => {} }}
      skeleton={<Skeleton label={`Loading every ${one} for the search…`} lines={4} />}
      isEmpty={() => false}
      emptyText=""
    >
      {children}
    </AsyncView>
  );
}

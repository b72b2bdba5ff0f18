import { useRef } from "react";
import { Button, FormGrid, ListFieldset, TextField, type FieldErrors } from "../ui";
import type { FieldKind } from "../lib/form-codec";
import styles from "./links-editor.module.css";

export interface LinkForm {
  key: string;
  label: string;
  url: string;
}

let seq = 0;
export const newLinkKey = () => `l${++seq}`;
export const linksToForm = (links: readonly { label: string; url: string }[] | undefined): LinkForm[] =>
  (links ?? []).map((l) => ({ key: newLinkKey(), label: l.label, url: l.url }));
export const linksToFields = (links: readonly LinkForm[]) => links.map((l) => ({ label: l.label.trim(), url: l.url.trim() }));
type Link = { label: string; url: string };
/** A record's links as a form field kind (lib/form-codec.ts): rows with keys for React. */
export const links: FieldKind<readonly Link[], LinkForm[], Link[]> = { toForm: linksToForm, toField: linksToFields };

export interface LinksEditorProps {
  legend: string;
  links: LinkForm[];
  onChange: (links: LinkForm[]) => void;
  /** Messages keyed like "links.0.url"; `name` is the prefix ("links"). */
  errors: FieldErrors;
  name: string;
}

/** An editable list of label + URL pairs. */
export function LinksEditor({ legend, links, onChange, errors, name }: LinksEditorProps) {
  const listRef = useRef<HTMLOListElement>(null);
  const update = (i: number, patch: Partial<LinkForm>) => onChange(links.map((l, j) => (j === i ? { ...l, ...patch } : l)));
  const add = () => {
    onChange([...links, { key: newLinkKey(), label: "", url: "" }]);
    // Put the keyboard in the new row.
    requestAnimationFrame(() => listRef.current?.querySelector<HTMLInputElement>("li:last-child input")?.focus());
  };
  return (
    <ListFieldset
      legend={legend}
      items={links}
      empty={<p className={styles.empty}>No links yet.</p>}
      rowClassName={styles.row}
      listRef={listRef}
      renderRow={(l, i) => (
        <>
          <FormGrid>
            <TextField
              label={`Link ${i + 1} label`}
              required
              value={l.label}
              onChange={(v) => update(i, { label: v })}
              error={errors[`${name}.${i}.label`]}
              maxLength={60}
            />
            <TextField
              label={`Link ${i + 1} URL`}
              required
              type="url"
              value={l.url}
              onChange={(v) => update(i, { url: v })}
              error={errors[`${name}.${i}.url`] ?? errors[`${name}.${i}`]}
              placeholder="https://"
            />
          </FormGrid>
          <Button
            size="small"
            variant="danger"
            onClick={() => onChange(links.filter((_, j) => j !== i))}
            aria-label={`Remove link ${i + 1}${l.label ? ` “${l.label}”` : ""}`}
          >
            Remove
          </Button>
        </>
      )}
      error={errors[name]}
      addLabel="Add link"
      onAdd={add}
    />
  );
}

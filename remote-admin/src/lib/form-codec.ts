// A record's fields as a form holds them, described once per field: how a stored value is shown
// for editing (toForm) and how what was typed is read back for saving (toFields). A page lists
// its fields with one of the kinds below, and gets both directions from that one list.
import { joinList, numberText, optionalText, parseNumber, splitList } from "./form-values";

/** One field's kind: its stored value -> what the form holds, and back. */
export interface FieldKind<Stored, Held, Saved = Stored> {
  toForm(value: Stored | undefined): Held;
  toField(held: Held): Saved;
}

/** Required text: trimmed (an empty one is left for the schema to refuse). */
export const text: FieldKind<string, string> = { toForm: (value) => value ?? "", toField: (held) => held.trim() };

/** Optional text: absent when left empty. */
export const optional: FieldKind<string, string, string | undefined> = { toForm: (value) => value ?? "", toField: optionalText };

/** A list typed as comma-separated text. */
export const list: FieldKind<readonly string[], string, string[]> = { toForm: joinList, toField: splitList };

/** An optional number typed as text. */
export const optionalNumber: FieldKind<number, string, number | undefined> = { toForm: numberText, toField: parseNumber };

/** A required number typed as text (an empty one is NaN, which the schema refuses). */
export const number: FieldKind<number, string, number> = { toForm: numberText, toField: (held) => parseNumber(held) ?? Number.NaN };

/** A value the form holds as it is stored (a picture reference, set by its own control). */
export const kept = <T>(): FieldKind<T, T | undefined, T | undefined> => ({ toForm: (value) => value, toField: (held) => held });

/** The same kind, with what a new record's form starts from when the field is absent. */
export function startingAt<S, H, V>(kind: FieldKind<S, H, V>, start: () => H): FieldKind<S, H, V> {
  return { toForm: (value) => (value === undefined ? start() : kind.toForm(value)), toField: kind.toField };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each field has a kind of its own
type Kinds = Record<string, FieldKind<any, any, any>>;

/** The form's values, one per field. */
type FormOf<K extends Kinds> = { [F in keyof K]: ReturnType<K[F]["toForm"]> };

/** A record's fields as the form saves them. */
type FieldsOf<K extends Kinds> = { [F in keyof K]: ReturnType<K[F]["toField"]> };

/** The stored record a form is made from (any record with these fields, or null for a new one). */
type RecordOf<K extends Kinds> = { [F in keyof K]?: Parameters<K[F]["toForm"]>[0] };

export interface FormCodec<K extends Kinds> {
  toForm(record: RecordOf<K> | null): FormOf<K>;
  toFields(values: FormOf<K>): FieldsOf<K>;
}

/** The values of a codec's form (what its page's renderForm edits). */
export type FormValues<C extends FormCodec<Kinds>> = ReturnType<C["toForm"]>;

/** Both directions between a record and its form, from one kind per field. */
export function formCodec<K extends Kinds>(kinds: K): FormCodec<K> {
  const fields = Object.keys(kinds) as (keyof K & string)[];
  return {
    toForm: (record) => Object.fromEntries(fields.map((f) => [f, kinds[f]!.toForm(record?.[f])])) as FormOf<K>,
    toFields: (values) => Object.fromEntries(fields.map((f) => [f, kinds[f]!.toField(values[f])])) as FieldsOf<K>,
  };
}

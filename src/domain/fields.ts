import type { CsvColumn } from "./csv-columns";

// What a field list says about each field of a collection, and the types derived from it. A field is
// declared once, in its collection's list (lead-fields.ts, contact-fields.ts, newsletter-fields.ts); the
// record types, the form schemas, the Firestore rules' field checks and the Firebase documents follow
// from it, and tests hold the CSV export, the dashboard's columns and the SQL tables to it.
//
// Plain data, so the public forms can read it without loading zod or anything of the server's.

/** Who gives a field its value: the visitor's form, the server (or the Firebase adapter in its place), staff. */
export type FieldWriter = "visitor" | "server" | "staff";

export interface Option {
  readonly value: string;
  readonly label: string;
}

/** What a field holds. Each kind has one validator (field-validators.ts), one rules check and one reader. */
export type FieldKind =
  /** Free text, trimmed, at most `max` characters; `required` refuses it blank. */
  | { readonly kind: "text"; readonly max: number; readonly required?: boolean }
  /** Lower-cased and trimmed, at most LIMITS.email characters. */
  | { readonly kind: "email" }
  /** A page path (no query, host or fragment), at most LIMITS.path characters; may be empty. */
  | { readonly kind: "path" }
  /**
   * A campaign label from a link (a utm_ value): trimmed, lower-cased, at most LIMITS.tag characters, no
   * control characters; may be empty. With `values`, only one of those (or empty).
   */
  | { readonly kind: "tag"; readonly values?: readonly string[] }
  /** Another site's origin (https://example.com), lower-cased, at most LIMITS.origin characters; may be empty. */
  | { readonly kind: "origin" }
  /** Digits with the usual separators; optional ones may be empty. */
  | { readonly kind: "phone"; readonly required?: boolean }
  /** One of a list the visitor picks from: values stored, labels shown (per variant, where they differ). */
  | { readonly kind: "option"; readonly options?: readonly Option[] }
  /** One of a fixed set of codes (statuses, verdicts, the record's type). */
  | { readonly kind: "enum"; readonly values: readonly string[] }
  | { readonly kind: "boolean" }
  /** A whole number from 0 to 100 the server works out (the spam score); null where nothing scored it. */
  | { readonly kind: "score" }
  /** ISO-8601 UTC with milliseconds; set by the server's clock, never by the visitor. */
  | { readonly kind: "timestamp" }
  /** The record's id, made by the server (the document id on Firebase). */
  | { readonly kind: "id" };

/** How a field differs on one variant of a collection (a lead's type): its requiredness or its options. */
export interface VariantOverride {
  readonly required?: boolean;
  readonly options?: readonly Option[];
}

interface FieldFacts {
  /** What staff and visitors see it called. */
  readonly label: string;
  readonly writer: FieldWriter;
  /** Kept as null when empty or absent, so staff read null rather than "". */
  readonly nullable?: boolean;
  /** The column of the CSV export it fills (src/domain/csv.ts). */
  readonly csv?: CsvColumn;
  /** The header of the dashboard column that shows it (src/features/admin/records/columns.tsx). */
  readonly dashboard?: string;
  /** false: no column in the SQL table (the server adds it to the record it reads back). */
  readonly sql?: false;
  /** false: not in the Firestore document (the adapter adds it when reading, or nobody writes it yet). */
  readonly firestore?: false;
  /**
   * Only on these variants (a lead's type), with what differs there; the others read null. Without it,
   * the field is on every variant.
   */
  readonly variants?: { readonly [variant: string]: VariantOverride };
}

export type FieldDefinition = FieldFacts & FieldKind;

/** A collection's fields by name, in the order its forms, schemas and records list them. */
export type FieldList = { readonly [name: string]: FieldDefinition };

// --- Types derived from a list ---

type OptionValue<F> = F extends { options: readonly (infer O extends Option)[] } ? O["value"] : never;

/** Every option value a field can hold, on any variant. */
type OptionValues<F> =
  OptionValue<F> | (F extends { variants: infer V } ? { [K in keyof V]: OptionValue<V[K]> }[keyof V] : never);

type ValueOf<F> = F extends { kind: "option" }
  ? OptionValues<F>
  : F extends { kind: "enum"; values: readonly (infer V)[] }
    ? V
    : F extends { kind: "boolean" }
      ? boolean
      : F extends { kind: "score" }
        ? number
        : string;

/** Null where the field may be empty, or where some of the collection's variants V do not have it. */
type NullOf<F, V extends string> = F extends { nullable: true }
  ? null
  : F extends { variants: infer O }
    ? [Exclude<V, keyof O>] extends [never]
      ? never
      : null
    : never;

/** The record staff read: every field of the list, with its value type. V: the collection's variants. */
export type RecordOf<L extends FieldList, V extends string = never> = {
  -readonly [K in keyof L]: ValueOf<L[K]> | NullOf<L[K], V>;
};

/** A field as it is on one variant, or never when that variant does not have it. */
export type OnVariant<F, V extends string> = F extends { variants: infer O }
  ? V extends keyof O
    ? Omit<F, "variants"> & O[V]
    : never
  : F;

/** The names of the fields a visitor writes (on variant V, for lists with variants). */
export type VisitorFieldName<L extends FieldList, V extends string = never> = {
  [K in keyof L]: OnVariant<L[K], V> extends never ? never : L[K]["writer"] extends "visitor" ? K : never;
}[keyof L] &
  string;

/** The names of the fields `writer` writes, on any variant. */
export type FieldsWrittenBy<L extends FieldList, W extends FieldWriter> = {
  [K in keyof L]: L[K]["writer"] extends W ? K : never;
}[keyof L] &
  string;

// --- The same, at run time ---

/** The field as it is on `variant`, or null when that variant does not have it. */
export function onVariant(field: FieldDefinition, variant: string | undefined): FieldDefinition | null {
  if (!field.variants) return field;
  const override = variant === undefined ? undefined : field.variants[variant];
  return override ? ({ ...field, ...override } as FieldDefinition) : null;
}

/** The fields a visitor writes on `variant` (every variant's when the list has none), in list order. */
export function visitorFields(list: FieldList, variant?: string): [string, FieldDefinition][] {
  return fieldsOn(list, variant).filter(([, field]) => field.writer === "visitor");
}

/** The list's fields as they are on `variant`, in list order, leaving out those it does not have. */
export function fieldsOn(list: FieldList, variant?: string): [string, FieldDefinition][] {
  return Object.entries(list).flatMap(([name, field]) => {
    const resolved = onVariant(field, variant);
    return resolved ? [[name, resolved] as [string, FieldDefinition]] : [];
  });
}

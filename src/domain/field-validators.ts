import { z } from "zod";
import {
  visitorFields,
  type FieldDefinition,
  type FieldList,
  type OnVariant,
  type Option,
  type VisitorFieldName,
} from "./fields";
import { ORIGIN_PATTERN } from "./attribution-params";
import { LIMITS } from "./limits";

// The zod validator of each kind of field, and the shape of a form's payload built from a field list:
// what a visitor writes, each field with its kind's validator and the list's limits and options.

export const requiredText = (max: number) =>
  z.string({ error: "Required" }).trim().min(1, "Required").max(max, `At most ${max} characters`);

export const optionalText = (max: number) =>
  z.string().trim().max(max, `At most ${max} characters`).optional().default("");

export const emailField = z
  .string({ error: "Required" })
  .trim()
  .min(1, "Required")
  .max(LIMITS.email, `At most ${LIMITS.email} characters`)
  .pipe(z.email("Enter a valid email address"))
  .transform((email) => email.toLowerCase());

// Digits with the usual separators and an optional leading +; at least 7 digits.
const PHONE_PATTERN = /^\+?[0-9 ()\-.]{7,32}$/;
const phoneShape = z
  .string()
  .trim()
  .max(LIMITS.phone, `At most ${LIMITS.phone} characters`)
  .regex(PHONE_PATTERN, "Enter a valid phone number");

export const optionalPhone = z
  .union([z.literal(""), phoneShape])
  .optional()
  .default("");

export const requiredPhone = z.string({ error: "Required" }).trim().min(1, "Required").pipe(phoneShape);

/** A page's path only: no query, no fragment, no host. Empty when the form could not tell. */
export const optionalPath = z
  .union([
    z.literal(""),
    z
      .string()
      .max(LIMITS.path, `At most ${LIMITS.path} characters`)
      .regex(/^\/[^\s?#]*$/, "Use a path such as /signup"),
  ])
  .optional()
  .default("");

/** No control characters: a label read from an address, shown to staff as it is. */
// eslint-disable-next-line no-control-regex -- control characters are what it refuses
const TAG_PATTERN = /^[^\u0000-\u001f\u007f]*$/;

/** A campaign label from a link: trimmed and lower-cased, so one source is spelled one way. */
export const optionalTag = z
  .string()
  .trim()
  .toLowerCase()
  .max(LIMITS.tag, `At most ${LIMITS.tag} characters`)
  .regex(TAG_PATTERN, "Use letters, digits and punctuation only")
  .optional()
  .default("");

const tagOf = (values: readonly string[]) =>
  optionalTag.refine((value) => value === "" || values.includes(value), `Use one of: ${values.join(", ")}`);

export const optionalOrigin = z
  .union([
    z.literal(""),
    z
      .string()
      .max(LIMITS.origin, `At most ${LIMITS.origin} characters`)
      .regex(ORIGIN_PATTERN, "Use an origin such as https://example.com"),
  ])
  .optional()
  .default("");

export const option = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: "Choose one of the options" });

const yesOrNo = z.boolean({ error: "Must be true or false" });

type OptionValues<O> = O extends readonly Option[] ? O[number]["value"] : never;

/** The validator of a field as it is on variant V (its kind's, as built by validatorOf). */
type ValidatorOf<F, V extends string> = F extends { kind: "text"; required: true }
  ? ReturnType<typeof requiredText>
  : F extends { kind: "text" }
    ? ReturnType<typeof optionalText>
    : F extends { kind: "email" }
      ? typeof emailField
      : F extends { kind: "phone"; required: true }
        ? typeof requiredPhone
        : F extends { kind: "phone" }
          ? typeof optionalPhone
          : F extends { kind: "path" }
            ? typeof optionalPath
            : F extends { kind: "tag" }
              ? typeof optionalTag
              : F extends { kind: "origin" }
                ? typeof optionalOrigin
                : F extends { kind: "option"; options: infer O }
                  ? z.ZodEnum<{ [K in OptionValues<O>]: K }>
                  : F extends { kind: "boolean" }
                    ? typeof yesOrNo
                    : F extends { kind: "enum" }
                      ? z.ZodLiteral<V>
                      : never;

/** The zod shape of what a visitor writes into a collection (variant V of it, where it has variants). */
export type VisitorShape<L extends FieldList, V extends string = never> = {
  -readonly [K in VisitorFieldName<L, V>]: ValidatorOf<OnVariant<L[K], V>, V>;
};

function validatorOf(name: string, field: FieldDefinition, variant: string | undefined): z.ZodType {
  switch (field.kind) {
    case "text":
      return field.required ? requiredText(field.max) : optionalText(field.max);
    case "email":
      return emailField;
    case "phone":
      return field.required ? requiredPhone : optionalPhone;
    case "path":
      return optionalPath;
    case "tag":
      return field.values ? tagOf(field.values) : optionalTag;
    case "origin":
      return optionalOrigin;
    case "option": {
      const values = (field.options ?? []).map((choice) => choice.value);
      if (values.length === 0) throw new Error(`Field ${name} has no options`);
      return option(values as [string, ...string[]]);
    }
    case "boolean":
      return yesOrNo;
    case "enum":
      // A visitor-written code is the variant's own name: the discriminator of a union of schemas.
      if (variant === undefined) throw new Error(`Field ${name}: a visitor-written code needs variants`);
      return z.literal(variant);
    default:
      throw new Error(`Field ${name}: a visitor cannot write a ${field.kind}`);
  }
}

/** The validators of every field a visitor writes on `variant`, in the list's order. */
export function visitorShape<L extends FieldList, V extends string = never>(list: L, variant?: V): VisitorShape<L, V> {
  const shape: Record<string, z.ZodType> = {};
  for (const [name, field] of visitorFields(list, variant)) shape[name] = validatorOf(name, field, variant);
  return shape as VisitorShape<L, V>;
}

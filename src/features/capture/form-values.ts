import { HONEYPOT_FIELD } from "../../domain/limits";

/** The form's text fields by name, trimmed; checkboxes are read with `checked`. */
export function textValues(form: HTMLFormElement): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of new FormData(form)) {
    if (typeof value === "string") values[name] = value.trim();
  }
  return values;
}

export function isChecked(form: HTMLFormElement, name: string): boolean {
  const element = form.elements.namedItem(name);
  return element instanceof HTMLInputElement && element.checked;
}

export function honeypotValue(values: Record<string, string>): string {
  return values[HONEYPOT_FIELD] ?? "";
}

/** The fields every form that names a person sends, by their schema names, with the honeypot. */
export function personValues(values: Record<string, string>) {
  return {
    firstName: values.firstName ?? "",
    lastName: values.lastName ?? "",
    email: values.email ?? "",
    phone: values.phone ?? "",
    website: honeypotValue(values),
  };
}

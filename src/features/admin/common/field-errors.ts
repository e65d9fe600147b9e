/** The field to focus after a refused submission: the first in form order with an error, or null. */
export function firstInvalidField(
  order: readonly string[],
  errors: Readonly<Record<string, string | undefined>>,
): string | null {
  return order.find((name) => errors[name]) ?? null;
}

/** Keeps only the errors of fields this form has (a server may name others), so each shows beside its field. */
export function errorsFor(order: readonly string[], errors: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(Object.entries(errors).filter(([name]) => order.includes(name)));
}

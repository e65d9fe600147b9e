/** Joins class names, skipping falsy values, so variants can be composed without a dependency. */
export function cn(...classes: Array<string | false | null | undefined>): string {
  return classes.filter(Boolean).join(" ");
}

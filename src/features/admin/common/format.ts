/** Missing values show N/A. */
export function orNA(value: string | null | undefined): string {
  return value && value.trim() !== "" ? value : "N/A";
}

const dateFormat = new Intl.DateTimeFormat("en-ZA", { dateStyle: "medium", timeStyle: "short" });
// One formatter for every count: n.toLocaleString("en-ZA") builds a new one on each call, about a
// millisecond each on a busy machine, and the dashboard renders a dozen counts whenever its address changes.
const countFormat = new Intl.NumberFormat("en-ZA");

/** 12 345 as South Africans write it (the same as n.toLocaleString("en-ZA")). */
export const formatCount = (n: number): string => countFormat.format(n);

export function formatDate(iso: string | null | undefined): string {
  if (!iso) return "N/A";
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "N/A" : dateFormat.format(date);
}

/** Missing values show N/A. */
export function orNA(value: string | null | undefined): string {
  return value && value.trim() !== "" ? value : "N/A";
}

const dateFormat = new Intl.DateTimeFormat("en-ZA", { dateStyle: "medium", timeStyle: "short" });

export function formatDate(iso: string | null | undefined): string {
  if (!iso) return "N/A";
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "N/A" : dateFormat.format(date);
}

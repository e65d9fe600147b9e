// Badge colours: new blue, contacted yellow, qualified green, closed gray, subscribed green, others gray.
const BADGE: Record<string, string> = {
  new: "bg-blue-100 text-blue-900",
  contacted: "bg-yellow-100 text-yellow-900",
  qualified: "bg-green-100 text-green-900",
  subscribed: "bg-green-100 text-green-900",
  // Not in the spec's list: a subscription waiting for its address to confirm (NEWSLETTER_DOUBLE_OPT_IN).
  pending: "bg-yellow-100 text-yellow-900",
  closed: "bg-slate-200 text-slate-800",
};

export function badgeClasses(status: string): string {
  return BADGE[status] ?? "bg-slate-200 text-slate-800";
}

/** Where to go after sign-in: only a path inside /admin, never another origin (open-redirect defence). */
export function safeNextPath(next: string | null): string {
  if (next && next.startsWith("/admin/") && !next.startsWith("//") && !next.includes("\\")) return next;
  return "/admin/dashboard";
}

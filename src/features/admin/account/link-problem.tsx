import { Link } from "react-router";

export type LinkProblemKind = "missing" | "used" | "unsupported";

const TEXT: Record<LinkProblemKind, string> = {
  missing: "This link is not complete. Open it from the email again, copying the whole address.",
  used: "This link has expired or was already used.",
  unsupported: "This sign-in is managed by Firebase Authentication: use the link in its own email.",
};

/** Why an emailed link cannot be used, and where to get a new one. */
export function LinkProblem({
  kind,
  retry,
  advice,
}: {
  kind: LinkProblemKind;
  retry: { to: string; label: string } | null;
  advice?: string;
}) {
  return (
    <div role="alert" className="grid gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-slate-900">
      <p className="font-medium">{TEXT[kind]}</p>
      {advice && <p>{advice}</p>}
      {retry && kind !== "unsupported" && (
        <Link to={retry.to} className="font-semibold text-brand-700 underline underline-offset-2">
          {retry.label}
        </Link>
      )}
    </div>
  );
}

/** Who handles a record: "You", a colleague's email, or "Unassigned". */
export function OwnerCell({ owner, me }: { owner: string | null; me: string | undefined }) {
  if (!owner) return <span className="text-slate-600">Unassigned</span>;
  const mine = me !== undefined && owner.toLowerCase() === me.toLowerCase();
  return (
    <span data-owner={owner} className="block max-w-[11rem] truncate" title={owner}>
      {mine ? "You" : owner}
    </span>
  );
}

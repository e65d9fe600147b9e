import { useOwnerName } from "../common/owner-names";

/** Who handles a record: "You", a colleague's email ("(disabled)" after a disabled account), or "Unassigned". */
export function OwnerCell({ owner, me }: { owner: string | null; me: string | undefined }) {
  const ownerName = useOwnerName();
  if (!owner) return <span className="text-slate-600">Unassigned</span>;
  const mine = me !== undefined && owner.toLowerCase() === me.toLowerCase();
  const name = ownerName(owner);
  return (
    <span data-owner={owner} className="block max-w-[11rem] truncate" title={name}>
      {mine ? "You" : name}
    </span>
  );
}

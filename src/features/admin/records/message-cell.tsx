import { Tooltip } from "../../../components/ui/tooltip";

/** A contact message cut to a small width; the full text shows on hover and on keyboard focus. */
export function MessageCell({ message }: { message: string | null }) {
  if (!message) return <span>N/A</span>;
  return (
    <Tooltip content={<span className="whitespace-pre-wrap">{message}</span>}>
      <button
        type="button"
        className="block max-w-[12rem] truncate text-left focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        {message}
      </button>
    </Tooltip>
  );
}

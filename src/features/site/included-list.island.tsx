import { CircleCheck } from "lucide-react";

/** A highlighted side panel listing what the visitor gets; sits beside a form. */
export function IncludedList({ title, titleId, items }: { title: string; titleId: string; items: readonly string[] }) {
  return (
    <aside aria-labelledby={titleId} className="rounded-3xl bg-brand-800 p-8 text-white shadow-xl lg:sticky lg:top-24">
      <h2 id={titleId} className="text-2xl font-bold">
        {title}
      </h2>
      <ul className="mt-6 space-y-4">
        {items.map((item) => (
          <li key={item} className="flex items-start gap-3">
            <CircleCheck aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-brand-100" />
            <span className="text-brand-50">{item}</span>
          </li>
        ))}
      </ul>
    </aside>
  );
}

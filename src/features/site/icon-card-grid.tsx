import { cn } from "../../components/ui/cn";
import type { IconCard } from "../../content/types";

export interface IconCardGridProps {
  items: readonly IconCard[];
  columns?: 2 | 3 | 4;
  /** Heading level of each card title, following the section heading above it. */
  headingLevel?: 2 | 3 | 4;
}

const columnClasses = {
  2: "sm:grid-cols-2",
  3: "sm:grid-cols-2 lg:grid-cols-3",
  4: "sm:grid-cols-2 lg:grid-cols-4",
} as const;

export function IconCardGrid({ items, columns = 3, headingLevel = 3 }: IconCardGridProps) {
  const Heading = `h${headingLevel}` as const;
  return (
    <ul className={cn("grid gap-6", columnClasses[columns])}>
      {items.map(({ icon: Icon, title, description }) => (
        <li
          key={title}
          className="group rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition hover:-translate-y-0.5 hover:border-brand-500/40 hover:shadow-md"
        >
          <span className="inline-flex h-12 w-12 items-center justify-center rounded-xl bg-brand-50 text-brand-700 transition-colors group-hover:bg-brand-700 group-hover:text-white">
            <Icon aria-hidden="true" className="h-6 w-6" />
          </span>
          <Heading className="mt-5 text-lg font-semibold text-slate-900">{title}</Heading>
          <p className="mt-2 leading-7 text-slate-600">{description}</p>
        </li>
      ))}
    </ul>
  );
}

import { CircleCheck } from "lucide-react";
import { cn } from "../../components/ui/cn";

export function CheckList({
  items,
  columns = 1,
  inverse = false,
}: {
  items: readonly string[];
  columns?: 1 | 2;
  inverse?: boolean;
}) {
  return (
    <ul className={cn("grid gap-x-8 gap-y-4", columns === 2 && "sm:grid-cols-2")}>
      {items.map((item) => (
        <li key={item} className="flex items-start gap-3">
          <CircleCheck
            aria-hidden="true"
            className={cn("mt-0.5 h-5 w-5 shrink-0", inverse ? "text-brand-100" : "text-brand-700")}
          />
          <span className={inverse ? "text-white" : "text-slate-700"}>{item}</span>
        </li>
      ))}
    </ul>
  );
}

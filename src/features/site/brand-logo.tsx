import { Link } from "react-router";
import { BRAND } from "../../config/brand";
import { cn } from "../../components/ui/cn";

/** The wordmark: the favicon mark beside the brand name. Links home. */
export function BrandLogo({ inverse = false, className }: { inverse?: boolean; className?: string }) {
  return (
    <Link
      to="/"
      className={cn(
        "inline-flex min-h-11 items-center gap-2 rounded-lg text-xl font-bold tracking-tight",
        "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600",
        inverse ? "text-white" : "text-slate-900",
        className,
      )}
    >
      <svg aria-hidden="true" viewBox="0 0 32 32" className="h-8 w-8">
        <rect width="32" height="32" rx="7" className={inverse ? "fill-white" : "fill-brand-700"} />
        <path d="M9 23V9h13v3h-9v2.5h8v3h-8V20h9.5v3z" className={inverse ? "fill-brand-700" : "fill-white"} />
      </svg>
      <span>{BRAND.name}</span>
      <span className="sr-only">home page</span>
    </Link>
  );
}

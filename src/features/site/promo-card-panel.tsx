import { Sparkles, X } from "lucide-react";
import { useRef } from "react";
import { ButtonLink } from "../../components/ui/button";
import { cn } from "../../components/ui/cn";
import { PROMO } from "../../content/home";
import { useCoversFocus } from "./use-covers-focus";

/**
 * The card itself, loaded by PromoCard when it first becomes visible. On a phone it is one slim bar (the
 * offer and Start Free); from `sm` the full card. It never hides what has keyboard focus (WCAG 2.2
 * 2.4.11): while the focused element is under it, it steps out of sight.
 */
export function PromoCardPanel({ onDismiss }: { onDismiss: () => void }) {
  const card = useRef<HTMLElement>(null);
  const covers = useCoversFocus(card);
  return (
    <aside
      ref={card}
      role="complementary"
      aria-label="Special offer"
      data-promo=""
      className={cn(
        "fixed inset-x-3 bottom-3 z-30 flex items-center gap-2 rounded-2xl border border-brand-100 bg-white py-1.5 pr-1.5 pl-4 shadow-2xl",
        "sm:inset-x-auto sm:right-4 sm:bottom-4 sm:block sm:w-[22rem] sm:p-5",
        "transition-[opacity,translate] duration-300 starting:translate-y-4 starting:opacity-0",
        covers && "invisible",
      )}
    >
      <div className="hidden items-center gap-2 pr-10 text-sm font-semibold text-brand-800 sm:flex">
        <Sparkles aria-hidden="true" className="h-4 w-4" />
        {PROMO.eyebrow}
      </div>
      <p className="min-w-0 flex-1 text-sm font-bold text-slate-900 sm:mt-2 sm:text-lg">{PROMO.title}</p>
      <p className="mt-1 hidden text-sm text-slate-600 sm:block">{PROMO.body}</p>
      <div className="flex shrink-0 gap-2 sm:mt-4">
        <ButtonLink to="/signup" size="md" className="sm:flex-1">
          Start Free
        </ButtonLink>
        <div className="hidden sm:flex sm:flex-1">
          <ButtonLink to="/request-demo" variant="outline" size="md" className="w-full">
            Demo
          </ButtonLink>
        </div>
      </div>
      <button
        type="button"
        onClick={onDismiss}
        aria-label="Dismiss promotion"
        className="inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600 sm:absolute sm:top-2 sm:right-2"
      >
        <X aria-hidden="true" className="h-5 w-5" />
      </button>
    </aside>
  );
}

import { Sparkles, X } from "lucide-react";
import { ButtonLink } from "../../components/ui/button";
import { PROMO } from "../../content/home";

/** The card itself, loaded by PromoCard when it first becomes visible. */
export function PromoCardPanel({ onDismiss }: { onDismiss: () => void }) {
  return (
    <aside
      role="complementary"
      aria-label="Special offer"
      className="fixed right-3 bottom-3 z-30 w-[min(22rem,calc(100vw-1.5rem))] rounded-2xl border border-brand-100 bg-white p-4 shadow-2xl sm:right-4 sm:bottom-4 sm:p-5 transition-[opacity,translate] duration-300 starting:translate-y-4 starting:opacity-0"
    >
      <button
        type="button"
        onClick={onDismiss}
        aria-label="Dismiss promotion"
        className="absolute top-2 right-2 inline-flex h-11 w-11 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        <X aria-hidden="true" className="h-5 w-5" />
      </button>
      <div className="flex items-center gap-2 pr-10 text-sm font-semibold text-brand-800">
        <Sparkles aria-hidden="true" className="h-4 w-4" />
        {PROMO.eyebrow}
      </div>
      <p className="mt-1 text-lg font-bold text-slate-900 sm:mt-2">{PROMO.title}</p>
      <p className="mt-1 hidden text-sm text-slate-600 sm:block">{PROMO.body}</p>
      <div className="mt-3 flex gap-2 sm:mt-4">
        <ButtonLink to="/signup" size="md" className="flex-1">
          Start Free
        </ButtonLink>
        <ButtonLink to="/request-demo" variant="outline" size="md" className="flex-1">
          Demo
        </ButtonLink>
      </div>
    </aside>
  );
}

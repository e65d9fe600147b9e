import { Sparkles, TrendingUp, Wrench } from "lucide-react";
import { HERO_SNAPSHOT } from "../../../content/home";

// Full class names so Tailwind finds them when scanning; no style attributes needed.
const bars = ["h-[42%]", "h-[58%]", "h-[51%]", "h-[67%]", "h-[73%]", "h-[80%]", "h-[92%]"];

/** Sample figures drawn with HTML and CSS (no image request), labelled as a sample for screen readers. */
export function HeroSnapshotBody() {
  const { collected, insight, tickets } = HERO_SNAPSHOT;
  return (
    <figure className="relative mx-auto hidden w-full max-w-lg sm:block" aria-label={HERO_SNAPSHOT.label}>
      <div className="rounded-3xl border border-slate-200 bg-white p-6 shadow-2xl shadow-brand-900/10">
        <p className="text-sm font-medium text-slate-600">{collected.label}</p>
        <p className="mt-1 text-3xl font-bold text-slate-900">{collected.value}</p>
        <p className="mt-1 inline-flex items-center gap-1 text-sm font-semibold text-brand-700">
          <TrendingUp aria-hidden="true" className="h-4 w-4" />
          {collected.change}
        </p>
        <div aria-hidden="true" className="mt-6 flex h-32 items-end gap-3">
          {bars.map((height, index) => (
            <div
              key={height}
              className={`flex-1 rounded-t-md ${height} ${index === bars.length - 1 ? "bg-brand-600" : "bg-brand-100"}`}
            />
          ))}
        </div>
      </div>
      <div className="relative -mt-6 ml-6 rounded-2xl border border-brand-100 bg-white p-4 shadow-xl sm:absolute sm:-bottom-10 sm:-left-10 sm:mt-0 sm:ml-0 sm:w-72">
        <p className="flex items-center gap-2 text-sm font-semibold text-brand-800">
          <Sparkles aria-hidden="true" className="h-4 w-4" />
          {insight.label}
        </p>
        <p className="mt-1 text-sm text-slate-700">{insight.text}</p>
      </div>
      <div className="mt-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-xl sm:absolute sm:-top-8 sm:-right-6 sm:mt-0 sm:w-56">
        <p className="flex items-center gap-2 text-sm font-medium text-slate-600">
          <Wrench aria-hidden="true" className="h-4 w-4 text-amber-700" />
          {tickets.label}
        </p>
        <p className="mt-1 text-2xl font-bold text-slate-900">
          {tickets.value} <span className="text-sm font-medium text-slate-600">· {tickets.detail}</span>
        </p>
      </div>
    </figure>
  );
}

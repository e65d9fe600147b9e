import type { Step } from "../../content/types";

/** Numbered steps in a row; the numbers are decorative because the list is already ordered. */
export function StepList({ steps }: { steps: readonly Step[] }) {
  return (
    <ol className="grid gap-8 md:grid-cols-3">
      {steps.map((step, index) => (
        <li key={step.title} className="relative rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
          <span
            aria-hidden="true"
            className="inline-flex h-10 w-10 items-center justify-center rounded-full bg-brand-700 text-lg font-bold text-white"
          >
            {index + 1}
          </span>
          <h3 className="mt-4 text-lg font-semibold text-slate-900">{step.title}</h3>
          <p className="mt-2 leading-7 text-slate-600">{step.description}</p>
        </li>
      ))}
    </ol>
  );
}

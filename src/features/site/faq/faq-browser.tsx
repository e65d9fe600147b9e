import { Search } from "lucide-react";
import { useId, useState } from "react";
import { Link } from "react-router";
import { AccordionContent, AccordionItem, AccordionTrigger } from "../../../components/ui/accordion";
import { Input } from "../../../components/ui/input";
import { useTypedBeforeHydration } from "../../../components/ui/use-typed-before-hydration";
import type { FaqGroup } from "../../../content/faqs";
import { filterFaqGroups } from "./filter-faqs";

const TOTAL_LABEL = (count: number) => `${count} ${count === 1 ? "question" : "questions"}`;

/**
 * Search box plus every FAQ group under ONE single-open accordion (the items share a name), so opening any
 * question closes the one open in another group.
 */
export function FaqBrowser({ groups }: { groups: readonly FaqGroup[] }) {
  const [query, setQuery] = useState("");
  const searchField = useTypedBeforeHydration<HTMLInputElement>(setQuery);
  const accordion = useId();
  const visibleGroups = filterFaqGroups(groups, query);
  const total = groups.reduce((sum, group) => sum + group.items.length, 0);
  const shown = visibleGroups.reduce((sum, group) => sum + group.items.length, 0);
  const searchId = useId();
  const statusId = useId();

  return (
    <div>
      {/* A search landmark, not a form: it filters as you type and has nothing to send, so Enter (or no
          JavaScript) never sends the page anywhere (every public <form> posts: tests/e2e/no-js-forms.test.ts). */}
      <div role="search" className="mx-auto max-w-2xl">
        <label htmlFor={searchId} className="block text-sm font-semibold text-slate-800">
          Search FAQs
        </label>
        <div className="relative mt-2">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3.5 h-5 w-5 -translate-y-1/2 text-slate-500"
          />
          <Input
            ref={searchField}
            id={searchId}
            type="search"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            placeholder="e.g. free trial, POPIA, integrations"
            autoComplete="off"
            aria-describedby={statusId}
            className="pl-11"
          />
        </div>
        <p id={statusId} role="status" className="mt-2 text-sm text-slate-600">
          {query.trim()
            ? `Showing ${TOTAL_LABEL(shown)} of ${total}`
            : `${TOTAL_LABEL(total)} in ${groups.length} topics`}
        </p>
      </div>

      {visibleGroups.length === 0 ? (
        <div className="mx-auto mt-10 max-w-2xl rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center">
          <p className="text-lg font-semibold text-slate-900">No questions match “{query.trim()}”.</p>
          <p className="mt-2 text-slate-600">
            Try another word, or{" "}
            <Link
              to="/contact"
              className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800"
            >
              ask our team directly
            </Link>
            .
          </p>
        </div>
      ) : (
        <div className="mx-auto mt-12 max-w-3xl space-y-12">
          {visibleGroups.map((group) => (
            <section key={group.id} aria-labelledby={`faq-group-${group.id}`}>
              <h2 id={`faq-group-${group.id}`} className="text-2xl font-bold text-slate-900">
                {group.title}
              </h2>
              <div className="mt-5 space-y-3">
                {group.items.map((item) => (
                  <AccordionItem key={item.id} name={accordion}>
                    <AccordionTrigger>{item.question}</AccordionTrigger>
                    <AccordionContent>
                      <p className="leading-7">{item.answer}</p>
                    </AccordionContent>
                  </AccordionItem>
                ))}
              </div>
            </section>
          ))}
        </div>
      )}
    </div>
  );
}

import { Search } from "lucide-react";
import { useEffect, useState } from "react";
import type { Filters } from "./filters";

interface FilterBarProps {
  label: string;
  filters: Filters;
  onChange: (filters: Filters) => void;
  statuses: readonly string[];
  types?: readonly string[];
}

const SEARCH_DEBOUNCE_MS = 300;

interface FilterSelectProps {
  label: string;
  /** The first option, which filters nothing out. */
  allLabel: string;
  options: readonly string[];
  value: string;
  onChange: (value: string) => void;
}

function FilterSelect({ label, allLabel, options, value, onChange }: FilterSelectProps) {
  return (
    <label className="flex flex-col gap-1 text-sm font-medium text-slate-800">
      {label}
      <select className="min-h-10 rounded-md border border-slate-300 bg-white px-2 text-sm capitalize" value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">{allLabel}</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    </label>
  );
}

/** Search and filters for one tab; typing is debounced so each keystroke is not a request. */
export function FilterBar({ label, filters, onChange, statuses, types }: FilterBarProps) {
  const [query, setQuery] = useState(filters.q);

  useEffect(() => {
    if (query === filters.q) return;
    const timer = setTimeout(() => onChange({ ...filters, q: query }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [query, filters, onChange]);

  return (
    <div className="mb-3 flex flex-wrap items-end gap-3" role="search" aria-label={`Filter ${label}`}>
      <label className="flex min-w-[16rem] flex-1 flex-col gap-1 text-sm font-medium text-slate-800">
        Search {label}
        <span className="relative">
          <Search aria-hidden="true" className="absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-500" />
          <input
            type="search"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            placeholder="Name, email or company"
            className="min-h-10 w-full rounded-md border border-slate-300 bg-white py-2 pr-3 pl-9 text-sm font-normal"
          />
        </span>
      </label>
      <FilterSelect label="Status" allLabel="All statuses" options={statuses} value={filters.status} onChange={(status) => onChange({ ...filters, status })} />
      {types && <FilterSelect label="Type" allLabel="All types" options={types} value={filters.type} onChange={(type) => onChange({ ...filters, type })} />}
    </div>
  );
}

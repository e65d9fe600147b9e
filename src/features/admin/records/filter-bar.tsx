import { Search } from "lucide-react";
import { useEffect, useState, type Ref } from "react";
import { useOwnerName } from "../common/owner-names";
import { plainOwnerName } from "../common/staff-directory";
import { LIMITS } from "../../../domain/limits";
import type { Filters } from "./filters";

interface FilterBarProps {
  label: string;
  filters: Filters;
  onChange: (filters: Filters) => void;
  statuses: readonly string[];
  types?: readonly string[];
  /** Leads and contacts: the staff emails to filter by owner ("Mine" and "Unassigned" come first). */
  owners?: readonly string[];
  /** The search box, for focus to go back to (after Clear filters). */
  searchRef?: Ref<HTMLInputElement>;
  /** Leads and contacts where the back end holds spam: the inbox or the Spam view. */
  spamView?: boolean;
}

const SEARCH_DEBOUNCE_MS = 300;

interface Choice {
  value: string;
  label: string;
}

interface FilterSelectProps {
  label: string;
  /** The first option, which filters nothing out. */
  allLabel: string;
  options: readonly Choice[];
  value: string;
  onChange: (value: string) => void;
  /** Codes (statuses, types) read better capitalised; emails do not. */
  capitalize?: boolean;
}

/** The inbox is the select's first option ("Inbox"); the other is the Spam view. */
const SPAM_VIEW_CHOICES: readonly Choice[] = [{ value: "only", label: "Spam" }];

const asChoices = (values: readonly string[]): Choice[] => values.map((value) => ({ value, label: value }));

function FilterSelect({ label, allLabel, options, value, onChange, capitalize = true }: FilterSelectProps) {
  return (
    <label className="flex min-w-0 flex-col gap-1 text-sm font-medium text-slate-800">
      {label}
      <select
        className={`min-h-10 w-full rounded-md sm:w-auto sm:max-w-[16rem] border border-slate-300 bg-white px-2 text-sm ${capitalize ? "capitalize" : ""}`}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">{allLabel}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  );
}

/**
 * The owner filter's choices: mine, nobody's, then each staff member (and a filtered-on owner no longer
 * listed), named by `ownerName` (a disabled account's records still need finding, so it stays, marked).
 */
export function ownerChoices(
  owners: readonly string[],
  current: string,
  ownerName: (email: string) => string = plainOwnerName,
): Choice[] {
  const emails =
    current && current !== "me" && current !== "none" && !owners.includes(current) ? [...owners, current] : owners;
  return [
    { value: "me", label: "Mine" },
    { value: "none", label: "Unassigned" },
    ...emails.map((email) => ({ value: email, label: ownerName(email) })),
  ];
}

type TypedFilters = Pick<Filters, "q" | "source" | "medium" | "campaign">;

const typedOf = ({ q, source, medium, campaign }: Filters): TypedFilters => ({ q, source, medium, campaign });

/** The first touch's filters (src/domain/attribution.ts): exact values, as the campaign links spell them. */
const CAMPAIGN_FIELDS = [
  ["source", "Source", "e.g. newsletter"],
  ["medium", "Medium", "e.g. email"],
  ["campaign", "Campaign", "e.g. nov"],
] as const;

/** Search and filters for one tab; typing is debounced so each keystroke is not a request. */
export function FilterBar({
  label,
  filters,
  onChange,
  statuses,
  types,
  owners,
  searchRef,
  spamView = false,
}: FilterBarProps) {
  const [typed, setTyped] = useState<TypedFilters>(() => typedOf(filters));
  // Filters set from outside (Clear filters) replace what the boxes hold, which would otherwise be sent
  // back once the debounce ran out; the boxes' own values, arriving back, leave alone what was typed since.
  const applied = JSON.stringify(typedOf(filters));
  const [seen, setSeen] = useState(applied);
  const [sent, setSent] = useState(applied);
  if (applied !== seen) {
    setSeen(applied);
    if (applied !== sent) setTyped(typedOf(filters));
  }
  const ownerName = useOwnerName();

  useEffect(() => {
    const wanted = JSON.stringify(typed);
    if (wanted === applied) return;
    const timer = setTimeout(() => {
      setSent(wanted);
      onChange({ ...filters, ...typed });
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed, applied, filters, onChange]);

  const campaignOn = CAMPAIGN_FIELDS.some(([key]) => filters[key] !== "");

  return (
    // On a phone the search takes a line and the four choices share the next (the campaign filters under
    // them); from sm up they flow in a row.
    <div
      className="mb-3 grid grid-cols-[repeat(auto-fit,minmax(5rem,1fr))] items-end gap-2 sm:flex sm:flex-wrap sm:gap-3"
      role="search"
      aria-label={`Filter ${label}`}
    >
      <label className="col-span-full flex min-w-0 flex-col gap-1 text-sm font-medium text-slate-800 sm:min-w-[16rem] sm:flex-1">
        Search {label}
        <span className="relative">
          <Search aria-hidden="true" className="absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-500" />
          <input
            ref={searchRef}
            type="search"
            value={typed.q}
            onChange={(event) => setTyped({ ...typed, q: event.target.value })}
            placeholder="Name, email, company or phone"
            className="min-h-10 w-full rounded-md border border-slate-300 bg-white py-2 pr-3 pl-9 text-sm font-normal"
          />
        </span>
      </label>
      <FilterSelect
        label="Status"
        allLabel="All statuses"
        options={asChoices(statuses)}
        value={filters.status}
        onChange={(status) => onChange({ ...filters, status })}
      />
      {types && (
        <FilterSelect
          label="Type"
          allLabel="All types"
          options={asChoices(types)}
          value={filters.type}
          onChange={(type) => onChange({ ...filters, type })}
        />
      )}
      {owners && (
        <FilterSelect
          label="Owner"
          allLabel="All owners"
          options={ownerChoices(owners, filters.owner, ownerName)}
          value={filters.owner}
          onChange={(owner) => onChange({ ...filters, owner })}
          capitalize={false}
        />
      )}
      {spamView && (
        <FilterSelect
          label="View"
          allLabel="Inbox"
          options={SPAM_VIEW_CHOICES}
          value={filters.spam}
          onChange={(spam) => onChange({ ...filters, spam: spam === "only" ? "only" : "" })}
        />
      )}
      <details className="group" open={campaignOn || undefined}>
        <summary className="flex min-h-10 cursor-pointer items-center rounded-md px-2 text-sm font-medium text-brand-800 underline underline-offset-2">
          Campaign filters{campaignOn ? " (on)" : ""}
        </summary>
        <div className="mt-2 flex flex-wrap gap-3">
          {CAMPAIGN_FIELDS.map(([key, fieldLabel, placeholder]) => (
            <label key={key} className="flex flex-col gap-1 text-sm font-medium text-slate-800">
              {fieldLabel}
              <input
                type="text"
                value={typed[key]}
                maxLength={LIMITS.tag}
                placeholder={placeholder}
                onChange={(event) => setTyped({ ...typed, [key]: event.target.value })}
                className="min-h-10 w-36 rounded-md border border-slate-300 bg-white px-2 text-sm font-normal"
              />
            </label>
          ))}
        </div>
      </details>
    </div>
  );
}

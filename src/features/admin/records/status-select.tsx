import { useState } from "react";

interface StatusSelectProps {
  label: string;
  value: string;
  options: readonly string[];
  onChange: (status: string) => Promise<void>;
}

/** A row's status dropdown; disabled while its change is being saved. */
export function StatusSelect({ label, value, options, onChange }: StatusSelectProps) {
  const [saving, setSaving] = useState(false);
  return (
    <select
      aria-label={label}
      value={value}
      disabled={saving}
      onChange={async (event) => {
        setSaving(true);
        try {
          await onChange(event.target.value);
        } finally {
          setSaving(false);
        }
      }}
      className="min-h-9 rounded-md border border-slate-300 bg-white px-2 text-sm capitalize focus-visible:outline-2 focus-visible:outline-brand-600"
    >
      {options.map((option) => (
        <option key={option} value={option}>
          {option}
        </option>
      ))}
    </select>
  );
}

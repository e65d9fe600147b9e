import { ShieldBan } from "lucide-react";
import { useId, useState, type FormEvent } from "react";
import { AdminApiError, type SpamAdmin } from "../../../backend/admin-port";
import { Button } from "../../../components/ui/button";
import { useToast } from "../../../components/ui/toast";
import type { BlocklistEntry } from "../../../domain/spam";
import { adminErrorText } from "../common/admin-error";
import { formatDate } from "../common/format";
import { useBackendValue } from "../common/use-backend-value";

interface SpamBlocklistProps {
  spam: SpamAdmin;
  /** Adding and removing entries is a workspace setting: admins only. Everyone else reads the list. */
  canEdit: boolean;
}

const readBlocklist = (spam: SpamAdmin) => spam.blocklist();

/**
 * The addresses and domains whose submissions are held as spam, shown with the Spam view so staff can see
 * why a record was held; admins add and remove entries here.
 */
export function SpamBlocklist({ spam, canEdit }: SpamBlocklistProps) {
  const toast = useToast();
  const { value: items, refresh } = useBackendValue(spam, readBlocklist, "the spam blocklist");
  const [entry, setEntry] = useState("");
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const inputId = useId();
  const errorId = useId();

  async function add(event: FormEvent) {
    event.preventDefault();
    if (entry.trim() === "") {
      setFieldError("Type an email address or a domain.");
      return;
    }
    setBusy("add");
    try {
      const added = await spam.block(entry);
      setEntry("");
      setFieldError(null);
      await refresh();
      toast({ title: `${added.entry} is on the blocklist`, description: "New submissions from it are held as spam." });
    } catch (error) {
      if (error instanceof AdminApiError && error.fields?.entry) setFieldError(error.fields.entry);
      else
        toast({
          title: "Error",
          description: adminErrorText(error, "The blocklist could not be saved."),
          variant: "destructive",
        });
    } finally {
      setBusy(null);
    }
  }

  async function remove(item: BlocklistEntry) {
    setBusy(item.entry);
    try {
      await spam.unblock(item.entry);
      await refresh();
      toast({ title: `${item.entry} removed from the blocklist` });
    } catch (error) {
      toast({
        title: "Error",
        description: adminErrorText(error, "The blocklist could not be saved."),
        variant: "destructive",
      });
    } finally {
      setBusy(null);
    }
  }

  return (
    <details className="mb-3 rounded-xl border border-slate-200 bg-white p-3 shadow-sm">
      <summary className="flex min-h-10 cursor-pointer items-center gap-2 text-sm font-semibold text-slate-900">
        <ShieldBan aria-hidden="true" className="h-4 w-4 text-brand-700" />
        Spam blocklist{items ? ` (${items.length})` : ""}
      </summary>
      <p className="mt-2 text-sm text-slate-700">
        Submissions from these addresses and domains (and their subdomains) are held here as spam. They are kept, never
        dropped: “Not spam” restores one.
      </p>
      {items === null ? (
        <p className="mt-2 text-sm text-slate-600">Loading the blocklist…</p>
      ) : items.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">The blocklist is empty.</p>
      ) : (
        <ul aria-label="Blocklist entries" className="mt-2 divide-y divide-slate-100">
          {items.map((item) => (
            <li key={item.entry} className="flex flex-wrap items-center justify-between gap-2 py-1.5 text-sm">
              <span>
                <code className="break-all text-slate-900">{item.entry}</code>{" "}
                <span className="text-slate-600">
                  ({item.kind}, added by {item.addedBy}, {formatDate(item.createdAt)})
                </span>
              </span>
              {canEdit && (
                <Button
                  variant="ghost"
                  size="sm"
                  disabled={busy !== null}
                  onClick={() => void remove(item)}
                  aria-label={`Remove ${item.entry} from the blocklist`}
                >
                  Remove
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {canEdit && (
        <form
          className="mt-3 flex flex-wrap items-end gap-2"
          onSubmit={(event) => void add(event)}
          aria-label="Add to the blocklist"
          noValidate
        >
          <div className="flex min-w-0 flex-col gap-1">
            <label htmlFor={inputId} className="text-sm font-medium text-slate-800">
              Address or domain
            </label>
            <input
              id={inputId}
              type="text"
              value={entry}
              maxLength={254}
              placeholder="e.g. spam.example"
              aria-invalid={fieldError ? true : undefined}
              aria-describedby={fieldError ? errorId : undefined}
              onChange={(event) => setEntry(event.target.value)}
              className="min-h-10 w-64 max-w-full rounded-md border border-slate-300 bg-white px-2 text-sm"
            />
          </div>
          <Button type="submit" variant="outline" size="sm" className="min-h-10" disabled={busy !== null}>
            {busy === "add" ? "Adding…" : "Add"}
          </Button>
          {fieldError && (
            <p id={errorId} className="basis-full text-sm text-red-700">
              {fieldError}
            </p>
          )}
        </form>
      )}
    </details>
  );
}

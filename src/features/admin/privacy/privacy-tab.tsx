import { Download, Search } from "lucide-react";
import { useState, type FormEvent } from "react";
import type { PrivacyAdmin } from "../../../backend/admin-port";
import { Button } from "../../../components/ui/button";
import { useToast } from "../../../components/ui/toast";
import { EraseDialog } from "./erase-dialog";
import { SubjectSummary } from "./subject-summary";
import { useSubject } from "./use-subject";

/**
 * Data-subject requests (POPIA sections 23-24, GDPR articles 15 and 17): find everything about one
 * address across leads, contacts, newsletter and consents, export it as JSON, or erase it.
 */
export function PrivacyTab({ privacy, onErased }: { privacy: PrivacyAdmin; onErased: () => void }) {
  const [query, setQuery] = useState("");
  const { subject, erased, busy, error, find, exportJson, erase } = useSubject(privacy);
  const toast = useToast();

  async function onSearch(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (query.trim()) await find(query.trim());
  }

  async function onErase(email: string) {
    const done = await erase(email);
    if (done) onErased();
    toast(
      done
        ? { title: "Erased", description: `Everything about ${email} was deleted.` }
        : { title: "Error", description: "Erasure failed.", variant: "destructive" },
    );
    return done;
  }

  return (
    <section aria-label="Data-subject requests" className="grid gap-6">
      <form onSubmit={onSearch} aria-label="Find a person's data" className="flex flex-wrap items-end gap-3">
        <label className="flex min-w-[18rem] flex-1 flex-col gap-1 text-sm font-medium text-slate-800">
          Email address of the person
          <input
            type="email"
            required
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            placeholder="name@example.com"
            className="min-h-10 rounded-md border border-slate-300 bg-white px-3 text-sm font-normal"
          />
        </label>
        <Button type="submit" disabled={busy}>
          <Search aria-hidden="true" className="h-4 w-4" /> Find
        </Button>
      </form>
      <p className="text-sm text-slate-600">
        Matches the exact address across leads, contact messages, newsletter subscriptions and consent records. Exports
        and erasures are recorded in the audit log.
      </p>

      {error && (
        <p role="alert" className="font-medium text-red-800">
          {error}
        </p>
      )}

      {erased && (
        <p role="status" className="rounded-lg border border-green-300 bg-green-50 p-4 text-green-950">
          Erased everything about {erased.email}: {erased.deleted.leads} leads, {erased.deleted.contacts} contact
          messages, {erased.deleted.newsletter} subscriptions, {erased.deleted.consents} consent records and{" "}
          {erased.deleted.outbox} emails. Only a one-way hash of the address remains, on the suppression list.
        </p>
      )}

      {subject && (
        <div className="grid gap-4" aria-label={`Data held about ${subject.email}`} role="region">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 className="text-lg font-semibold">Data held about {subject.email}</h2>
            <div className="flex gap-2">
              <Button variant="outline" disabled={busy} onClick={() => void exportJson(subject.email)}>
                <Download aria-hidden="true" className="h-4 w-4" /> Export JSON
              </Button>
              <EraseDialog email={subject.email} busy={busy} onErase={() => onErase(subject.email)} />
            </div>
          </div>
          <SubjectSummary subject={subject} />
        </div>
      )}
    </section>
  );
}

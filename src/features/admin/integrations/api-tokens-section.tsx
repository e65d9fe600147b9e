import { KeyRound } from "lucide-react";
import { useCallback, useId, useState } from "react";
import type { IntegrationsAdmin } from "../../../backend/admin-port";
import { Button } from "../../../components/ui/button";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import {
  TOKEN_SCOPE_LABELS,
  TOKEN_SCOPES,
  TOKEN_SUSPENSION_LABELS,
  type ApiToken,
  type TokenScope,
} from "../../../domain/api-tokens";
import { adminErrorText, fieldErrors } from "../common/admin-error";
import { SecretNotice } from "./secret-notice";
import { AlertLine, ListNotice, useIntegrationList } from "./list-state";

// API tokens in the Integrations tab: create one (a name, its scopes, an optional expiry; the token is
// shown once), see when each was last used and whether it works now (a token acts with at most its
// creator's current rights: suspended while they are disabled or gone, or some scopes while their role
// does not have them), and revoke it.

const when = (iso: string | null) => (iso ? `${iso.slice(0, 16).replace("T", " ")} UTC` : "never");

/** Why the token does not work now, or which scopes it may not use, in words; null when it works in full. */
export function tokenSuspensionText(token: Pick<ApiToken, "suspended" | "suspendedScopes">): string | null {
  if (token.suspended) return `Suspended: ${TOKEN_SUSPENSION_LABELS[token.suspended]}`;
  if (token.suspendedScopes.length > 0)
    return `Suspended scope${token.suspendedScopes.length > 1 ? "s" : ""}: creator's role no longer allows ${token.suspendedScopes.join(", ")}`;
  return null;
}

/** One token in the list: its name, scopes, creator, use, and whether it works now. */
export function TokenItem({ token, onRevoke }: { token: ApiToken; onRevoke: (token: ApiToken) => void }) {
  const suspension = tokenSuspensionText(token);
  return (
    <li
      data-token={token.id}
      data-suspended={suspension ? "" : undefined}
      className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-slate-200 p-3 text-sm"
    >
      <div>
        <p className="font-semibold">{token.name}</p>
        <p className="text-slate-700">
          {token.scopes.join(", ")} · created by {token.createdBy} · last used {when(token.lastUsedAt)}
          {token.expiresAt && ` · expires ${when(token.expiresAt)}`}
        </p>
        {suspension && <p className="font-medium text-amber-800">{suspension}</p>}
      </div>
      <Button variant="danger" size="sm" aria-label={`Revoke ${token.name}`} onClick={() => onRevoke(token)}>
        Revoke
      </Button>
    </li>
  );
}

function CreateToken({ admin, onCreated }: { admin: IntegrationsAdmin; onCreated: (token: string) => void }) {
  const [name, setName] = useState("");
  const [scopes, setScopes] = useState<TokenScope[]>(["records:read"]);
  const [expires, setExpires] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();
  const described = (field: string) =>
    errors[field] ? { "aria-invalid": true as const, "aria-describedby": `${id}-${field}` } : {};
  const error = (field: string) =>
    errors[field] && (
      <span id={`${id}-${field}`} className="text-xs text-red-700">
        {errors[field]}
      </span>
    );
  return (
    <form
      aria-label="Create an API token"
      className="grid gap-3"
      noValidate
      onSubmit={async (event) => {
        event.preventDefault();
        setBusy(true);
        setFailure(null);
        try {
          const created = await admin.createToken(
            name.trim(),
            scopes,
            expires ? new Date(`${expires}T00:00:00Z`).toISOString() : null,
          );
          setErrors({});
          setName("");
          setExpires("");
          onCreated(created.token);
        } catch (caught) {
          const fields = fieldErrors(caught);
          setErrors(Object.fromEntries(Object.entries(fields).map(([key, value]) => [key.split(".")[0]!, value])));
          if (Object.keys(fields).length === 0) setFailure(adminErrorText(caught, "The token could not be created."));
        } finally {
          setBusy(false);
        }
      }}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <label className="grid gap-1 text-sm font-medium text-slate-800">
          Token name
          <input
            value={name}
            onChange={(event) => setName(event.target.value)}
            placeholder="CRM sync"
            className="min-h-10 rounded-md border border-slate-300 bg-white px-2 text-sm"
            {...described("name")}
          />
          {error("name")}
        </label>
        <label className="grid gap-1 text-sm font-medium text-slate-800">
          Expires (optional)
          <input
            type="date"
            value={expires}
            onChange={(event) => setExpires(event.target.value)}
            className="min-h-10 rounded-md border border-slate-300 bg-white px-2 text-sm"
            {...described("expiresAt")}
          />
          {error("expiresAt")}
        </label>
      </div>
      <fieldset className="grid gap-1" aria-describedby={errors.scopes ? `${id}-scopes` : undefined}>
        <legend className="text-sm font-medium text-slate-800">Scopes</legend>
        {TOKEN_SCOPES.map((scope) => (
          <label key={scope} className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="h-4 w-4"
              checked={scopes.includes(scope)}
              onChange={(change) =>
                setScopes(change.target.checked ? [...scopes, scope] : scopes.filter((each) => each !== scope))
              }
            />
            <code className="text-xs">{scope}</code> · {TOKEN_SCOPE_LABELS[scope]}
          </label>
        ))}
        {error("scopes")}
      </fieldset>
      <AlertLine message={failure} />
      <div>
        <Button type="submit" disabled={busy} aria-busy={busy || undefined}>
          Create token
        </Button>
      </div>
    </form>
  );
}

export function ApiTokensSection({ admin }: { admin: IntegrationsAdmin }) {
  const [shown, setShown] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<ApiToken | null>(null);
  const load = useCallback(() => admin.tokens(), [admin]);
  const { items: tokens, failure, setFailure, read } = useIntegrationList(load, "The API tokens could not be loaded.");
  return (
    <section
      aria-labelledby="tokens-heading"
      className="grid gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <div className="flex items-center gap-2">
        <KeyRound aria-hidden="true" className="h-5 w-5 text-brand-700" />
        <h2 id="tokens-heading" className="text-base font-semibold">
          API tokens
        </h2>
      </div>
      <p className="text-sm text-slate-700">
        Another system sends a token as <code className="text-xs">Authorization: Bearer …</code> to read leads, contacts
        and subscribers, change their status and owner, or export them, as its scopes allow. Tokens never work on
        accounts, privacy or settings.
      </p>
      {shown && <SecretNotice secret={shown} what="API token" onDone={() => setShown(null)} />}
      <CreateToken
        admin={admin}
        onCreated={(token) => {
          setShown(token);
          read();
        }}
      />
      <AlertLine message={failure} />
      <ListNotice items={tokens} failure={failure} loading="Loading…" empty="No API tokens yet." />
      {tokens && tokens.length > 0 && (
        <ul aria-label="API tokens" className="grid gap-2">
          {tokens.map((token) => (
            <TokenItem key={token.id} token={token} onRevoke={setRevoking} />
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={revoking !== null}
        title={`Revoke ${revoking?.name ?? "this token"}?`}
        description="Its next request is refused. A system that uses it stops working until it has a new token."
        confirmLabel="Revoke token"
        onCancel={() => setRevoking(null)}
        onConfirm={async () => {
          const target = revoking;
          setRevoking(null);
          if (!target) return;
          try {
            await admin.revokeToken(target.id);
            read();
          } catch (error) {
            setFailure(adminErrorText(error, "The token could not be revoked."));
          }
        }}
      />
    </section>
  );
}

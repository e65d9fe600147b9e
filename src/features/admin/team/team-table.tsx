import { useState } from "react";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { ROLE_LABELS, ROLES, type Role } from "../../../domain/roles";
import type { StaffAccount } from "../../../domain/staff";
import { cellClass, EmptyRow, TableHead } from "../common/table-parts";
import {
  confirmationFor,
  lastSignIn,
  roleText,
  sameEmail,
  statusText,
  teamOrder,
  twoFactorText,
  type Confirmation,
} from "./team-format";
import type { TeamActions } from "./use-team-actions";

interface TeamTableProps {
  staff: readonly StaffAccount[];
  me: string;
  now: number;
  /** An admin's controls; without them the table only lists. */
  actions?: TeamActions;
  /** After the signed-in admin changed their own role: their tabs and controls change with it. */
  onOwnRoleChanged: () => void;
}

const HEADINGS = ["Email", "Name", "Role", "Status", "Last sign-in", "Two-factor"];
const smallButton =
  "min-h-9 rounded-md border border-slate-300 bg-white px-3 text-sm font-semibold text-slate-900 hover:border-brand-600 focus-visible:outline-2 focus-visible:outline-brand-600 disabled:opacity-60";
const selectClass =
  "min-h-9 rounded-md border border-slate-300 bg-white px-2 text-sm focus-visible:outline-2 focus-visible:outline-brand-600";

interface Pending extends Confirmation {
  run: () => Promise<unknown>;
}

/** Every staff account; for admins, each other account's role, Disable or Enable, and Reset two-factor. */
export function TeamTable({ staff, me, now, actions, onOwnRoleChanged }: TeamTableProps) {
  const [pending, setPending] = useState<Pending | null>(null);
  const headings = actions ? [...HEADINGS, "Actions"] : HEADINGS;

  function ask(confirmation: Confirmation | null, run: () => Promise<unknown>) {
    if (confirmation) setPending({ ...confirmation, run });
    else void run();
  }

  function changeRole(account: StaffAccount, role: Role, self: boolean) {
    if (!actions) return;
    const run = async () => {
      if ((await actions.changeRole(account.email, role)) && self) onOwnRoleChanged();
    };
    ask(confirmationFor({ kind: "role", role }, account, self), run);
  }

  return (
    <>
      {/* Positioned, so the visually hidden texts in its cells (absolute) scroll inside it instead of
          widening the page on a phone. */}
      <div className="relative overflow-auto rounded-lg border border-slate-200">
        <table className="w-full min-w-[56rem] border-collapse text-sm" aria-label="Staff accounts">
          <TableHead headings={headings} />
          <tbody>
            {teamOrder(staff).map((account) => {
              const self = sameEmail(account.email, me);
              const signIn = lastSignIn(account.lastSignInAt, now);
              const busy = actions?.busy === account.email;
              return (
                <tr
                  key={account.email}
                  data-email={account.email}
                  className={`border-t border-slate-100 ${account.disabled ? "bg-slate-50 text-slate-600" : ""}`}
                >
                  <td className={`${cellClass} break-all`}>
                    {account.email}
                    {self && <span className="ml-1 text-slate-600">(you)</span>}
                  </td>
                  <td className={cellClass}>{account.name ?? "N/A"}</td>
                  <td className={cellClass}>
                    {actions ? (
                      <select
                        aria-label={`Role of ${account.email}`}
                        value={account.role}
                        disabled={busy}
                        onChange={(event) => changeRole(account, event.target.value as Role, self)}
                        className={selectClass}
                      >
                        {ROLES.map((role) => (
                          <option key={role} value={role}>
                            {ROLE_LABELS[role]}
                          </option>
                        ))}
                      </select>
                    ) : (
                      roleText(account)
                    )}
                  </td>
                  <td className={cellClass} data-status={account.disabled ? "disabled" : "active"}>
                    {statusText(account)}
                  </td>
                  <td className={`${cellClass} whitespace-nowrap`}>
                    {signIn.exact ? (
                      <time dateTime={account.lastSignInAt ?? undefined} title={signIn.exact}>
                        {signIn.relative}
                        <span className="sr-only"> ({signIn.exact})</span>
                      </time>
                    ) : (
                      signIn.relative
                    )}
                  </td>
                  <td className={cellClass} data-two-factor={account.twoFactor ? "on" : "off"}>
                    {twoFactorText(account)}
                  </td>
                  {actions && (
                    <td className={`${cellClass} whitespace-nowrap`}>
                      {self ? (
                        <span className="text-slate-600">Your own account</span>
                      ) : (
                        <span className="flex flex-wrap gap-2">
                          <button
                            type="button"
                            className={smallButton}
                            disabled={busy}
                            onClick={() =>
                              account.disabled
                                ? void actions.setDisabled(account.email, false)
                                : ask(confirmationFor({ kind: "disable" }, account, self), () =>
                                    actions.setDisabled(account.email, true),
                                  )
                            }
                          >
                            {account.disabled ? "Enable" : "Disable"}
                            <span className="sr-only"> {account.email}</span>
                          </button>
                          {account.twoFactor && (
                            <button
                              type="button"
                              className={smallButton}
                              disabled={busy}
                              onClick={() =>
                                ask(confirmationFor({ kind: "reset-two-factor" }, account, self), () =>
                                  actions.resetTwoFactor(account.email),
                                )
                              }
                            >
                              Reset two-factor<span className="sr-only"> of {account.email}</span>
                            </button>
                          )}
                        </span>
                      )}
                    </td>
                  )}
                </tr>
              );
            })}
            {staff.length === 0 && <EmptyRow columns={headings.length}>No accounts to show.</EmptyRow>}
          </tbody>
        </table>
      </div>
      <ConfirmDialog
        open={pending !== null}
        title={pending?.title ?? ""}
        description={pending?.description ?? ""}
        confirmLabel={pending?.confirmLabel ?? ""}
        onCancel={() => setPending(null)}
        onConfirm={async () => {
          await pending?.run();
          setPending(null);
        }}
      />
    </>
  );
}

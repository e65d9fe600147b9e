import type { StaffAccount } from "../../../domain/staff";

/** The staff list as the owner cells, pickers and filters use it. */
export interface StaffDirectory {
  /** Every account's email, disabled ones too: their records still need finding (the owner filter). */
  emails: string[];
  /** Who may be given records: every account that is not disabled (the owner pickers). */
  assignable: string[];
  /** How an owner reads: their email, with "(disabled)" after it when the account is disabled. */
  ownerName: (email: string) => string;
}

const key = (email: string) => email.toLowerCase();

export function staffDirectory(staff: readonly StaffAccount[]): StaffDirectory {
  const disabled = new Set(staff.filter((account) => account.disabled).map((account) => key(account.email)));
  return {
    emails: staff.map((account) => account.email),
    assignable: staff.filter((account) => !account.disabled).map((account) => account.email),
    ownerName: (email) => (disabled.has(key(email)) ? `${email} (disabled)` : email),
  };
}

/** Before the staff list arrives, or where nothing provides it: every owner reads as their email. */
export const plainOwnerName = (email: string) => email;

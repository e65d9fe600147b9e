import { ROLES, type Role } from "../../domain/staff";

// Who is staff on Firebase, and in which role: the custom claim `role` ("admin" or "sales"), set by
// `npm run firebase:grant-admin -- --role`, the same claim firestore.rules reads (staffRole() there).
// An account granted before roles has only `admin: true`: it counts as an admin. A `role` of any other
// value makes nobody staff, whatever else the token says, so an unknown role fails closed.

export function roleFromClaims(claims: Readonly<Record<string, unknown>>): Role | null {
  const role = claims.role;
  if (role !== undefined && role !== null) return ROLES.find((known) => known === role) ?? null;
  return claims.admin === true ? "admin" : null;
}

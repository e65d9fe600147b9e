import type { AdminBackend } from "../../../backend/admin-port";
import { useBackendValue } from "./use-backend-value";

const readStaff = (backend: AdminBackend) => backend.staff();

/**
 * Every staff account, for the owner pickers, the owner filter and the availability switch. A back end
 * that cannot list them leaves the list empty: the pickers then offer "Unassigned" and the current owner.
 */
export function useStaff(backend: AdminBackend | null) {
  const { value, refresh } = useBackendValue(backend, readStaff, "the staff list");
  return { staff: value ?? [], refresh };
}

import { useEffect, useState } from "react";
import { adminBackend } from "../../../backend/admin-backend";
import type { AdminBackend } from "../../../backend/admin-port";

export function useAdminBackend(): AdminBackend | null {
  const [backend, setBackend] = useState<AdminBackend | null>(null);
  useEffect(() => {
    let active = true;
    adminBackend().then(
      (loaded) => active && setBackend(loaded),
      (error: unknown) => console.error("Loading the back end failed:", error),
    );
    return () => {
      active = false;
    };
  }, []);
  return backend;
}

import { useCallback, useState } from "react";
import type { PrivacyAdmin } from "../../../backend/admin-port";
import type { ErasureResult, SubjectRecords } from "../../../domain/privacy";

interface SubjectState {
  subject: SubjectRecords | null;
  erased: ErasureResult | null;
  busy: boolean;
  error: string | null;
}

const initial: SubjectState = { subject: null, erased: null, busy: false, error: null };

/** One data-subject request at a time: look the address up, export it, erase it. */
export function useSubject(privacy: PrivacyAdmin) {
  const [state, setState] = useState<SubjectState>(initial);

  const run = useCallback(async (task: () => Promise<Partial<SubjectState>>, failure: string) => {
    setState((s) => ({ ...s, busy: true, error: null }));
    try {
      const next = await task();
      setState((s) => ({ ...s, ...next, busy: false }));
      return true;
    } catch (error) {
      console.error(failure, error);
      setState((s) => ({ ...s, busy: false, error: failure }));
      return false;
    }
  }, []);

  const find = useCallback(
    (email: string) =>
      run(async () => ({ subject: await privacy.findSubject(email), erased: null }), "Could not look that address up."),
    [privacy, run],
  );
  const exportJson = useCallback(
    (email: string) =>
      run(async () => {
        await privacy.exportSubject(email);
        return {};
      }, "Could not export that address's data."),
    [privacy, run],
  );
  const erase = useCallback(
    (email: string) =>
      run(
        async () => ({ erased: await privacy.eraseSubject(email), subject: null }),
        "Could not erase that address's data.",
      ),
    [privacy, run],
  );

  return { ...state, find, exportJson, erase };
}

import { useCallback, useEffect, useState } from "react";

/**
 * A value the dashboard reads from the back end: read once the source is there, and again on refresh().
 * A failed read is logged and keeps the last value, so a blip never blanks a card or the banner.
 * `read` must be stable (declared at module level): a new one each render would read in a loop.
 */
export function useBackendValue<Source, Value>(
  source: Source | null | undefined,
  read: (source: Source) => Promise<Value>,
  what: string,
) {
  const [value, setValue] = useState<Value | null>(null);

  const refresh = useCallback(async () => {
    if (!source) return;
    try {
      setValue(await read(source));
    } catch (error) {
      console.error(`Loading ${what} failed:`, error);
    }
  }, [source, read, what]);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  return { value, refresh };
}

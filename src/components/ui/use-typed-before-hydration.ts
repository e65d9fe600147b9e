import { useLayoutEffect, useRef } from "react";

/**
 * The ref of a controlled text field whose state starts empty: on hydration it hands what the visitor typed
 * into the prerendered field to `setValue`, so the state matches the screen. Until hydration a public page
 * is plain HTML (scripts/boot-after-paint.mjs) and typing into a field does not reach React.
 */
export function useTypedBeforeHydration<T extends HTMLInputElement | HTMLTextAreaElement>(
  setValue: (value: string) => void,
) {
  const ref = useRef<T>(null);
  useLayoutEffect(() => {
    const typed = ref.current?.value;
    if (typed) setValue(typed);
  }, [setValue]);
  return ref;
}

import { useCallback, useEffect, useRef, useState } from "react";
import { firstInvalidField } from "./field-errors";

/**
 * A form's field errors, shown beside each field (Field sets aria-invalid and aria-describedby); each time
 * errors are shown, focus moves to the first invalid field. `order`: the fields' names in form order, a
 * constant.
 */
export function useFieldErrors(order: readonly string[]) {
  const form = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});

  useEffect(() => {
    const name = firstInvalidField(order, errors);
    const field = name ? form.current?.elements.namedItem(name) : null;
    if (field instanceof HTMLElement) field.focus();
  }, [errors, order]);

  const clear = useCallback(() => setErrors({}), []);
  return { form, errors, show: setErrors, clear };
}

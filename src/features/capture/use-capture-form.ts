import { useState, type FormEvent } from "react";
import { textValues } from "./form-values";
import { focusFormHeading, useSubmission, type SubmissionOptions } from "./use-submission";

/**
 * The submit handler of a whole form (contact, signup, demo): read its fields, send them, and on success
 * reset the form and move focus to its heading. `generation` grows with each success; a form that keys
 * itself on it remounts, which clears what reset() does not (its selects go back to their placeholders,
 * a character count to nothing).
 */
export function useCaptureForm<TInput extends object>(
  options: SubmissionOptions<TInput>,
  toInput: (values: Record<string, string>, form: HTMLFormElement) => TInput,
) {
  const [generation, setGeneration] = useState(0);
  const { busy, fieldErrors, submit } = useSubmission<TInput>(options);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    if ((await submit(toInput(textValues(form), form), form)) === "sent") {
      form.reset();
      setGeneration((n) => n + 1);
      focusFormHeading(form);
    }
  }

  return { busy, fieldErrors, onSubmit, generation };
}

import { describe, expect, it } from "vitest";
import { FORM_SENT_COPY } from "../../content/form-sent";
import { FORM_KINDS } from "../../domain/html-forms";
import { SUBMISSION_TOASTS } from "./messages";

describe("the result pages of forms posted without JavaScript", () => {
  it("say what each form's success toast says, for every kind of form", () => {
    expect(Object.keys(FORM_SENT_COPY).sort()).toEqual([...FORM_KINDS].sort());
    for (const kind of FORM_KINDS) {
      const { title, description } = FORM_SENT_COPY[kind];
      expect({ title, description }, kind).toEqual(SUBMISSION_TOASTS[kind].success);
    }
  });
});

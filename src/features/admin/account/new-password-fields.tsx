import { Field } from "../../../components/ui/field";
import { Input } from "../../../components/ui/input";
import { PASSWORD_MAX_LENGTH } from "../../../domain/roles";
import { PASSWORD_HINT } from "./account-rules";

interface NewPasswordFieldsProps {
  labels: { password: string; confirm: string };
  errors: Record<string, string | undefined>;
}

/** A new password and its confirmation, named "password" and "confirm", each with its error beside it. */
export function NewPasswordFields({ labels, errors }: NewPasswordFieldsProps) {
  return (
    <>
      <Field label={labels.password} error={errors.password} hint={PASSWORD_HINT} required>
        <Input name="password" type="password" autoComplete="new-password" maxLength={PASSWORD_MAX_LENGTH} />
      </Field>
      <Field label={labels.confirm} error={errors.confirm} required>
        <Input name="confirm" type="password" autoComplete="new-password" maxLength={PASSWORD_MAX_LENGTH} />
      </Field>
    </>
  );
}

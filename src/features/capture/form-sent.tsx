import { ButtonLink } from "../../components/ui/button";
import { Container } from "../../components/ui/container";
import { FORM_SENT_COPY, type FormSentKind } from "../../content/form-sent";

// The result pages a form posted without JavaScript is sent to (303) once it is stored: they say what the
// success toast says (decision 0027). Prerendered, one per kind of form, and never indexed.

export const isFormKind = (kind: string | undefined): kind is FormSentKind =>
  kind !== undefined && Object.hasOwn(FORM_SENT_COPY, kind);

export function FormSent({ kind }: { kind: FormSentKind }) {
  const { title, description } = FORM_SENT_COPY[kind];
  return (
    <Container size="md" className="flex min-h-[60vh] flex-col items-center justify-center py-20 text-center">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
      <p className="mt-4 max-w-md text-lg text-slate-600">{description}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        {/* The newsletter boxes' visitors came to get started: the hero box goes on to /signup with JavaScript too. */}
        {kind === "newsletter" && (
          <ButtonLink to="/signup" size="lg">
            Get My Custom Quote
          </ButtonLink>
        )}
        <ButtonLink to="/" variant="outline" size="lg">
          Back to the home page
        </ButtonLink>
      </div>
    </Container>
  );
}

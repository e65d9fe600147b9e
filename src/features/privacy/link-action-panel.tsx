import { Loader2, type LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Button, ButtonLink } from "../../components/ui/button";
import { LinkOutcome } from "./link-outcome";
import type { LinkActionHandle } from "./use-link-action";

/** What the server answers a link's action: a status once it has acted, or why it could not. */
type LinkResult<Status extends string, Reason extends string> =
  { ok: true; status: Status } | { ok: false; reason: Reason; message: string };

export interface LinkActionPanelProps<Status extends string, Reason extends string> {
  action: LinkActionHandle<LinkResult<Status, Reason>>;
  /** Said, as an alert, when the link has no token (it was cut short on its way here). */
  incomplete: ReactNode;
  /** Said when the configured back end cannot act on links. */
  unsupported: ReactNode;
  /** The heading and sentence for each answer of the server once it has acted, or had already. */
  outcomes: Record<Status, { title: string; body: ReactNode }>;
  /** What went wrong, what the reader can do, and whether pressing the button again may help. */
  failure: (reason: Reason | "network") => { problem: string; advice: ReactNode; retry: boolean };
  /** The button that acts. */
  button: { icon: LucideIcon; label: string };
  /** The way out without acting, back to the home page. */
  decline: string;
  /** The question the page asks above its buttons. */
  children: ReactNode;
}

/**
 * What a page an emailed link opens shows at each step of its one action (unsubscribe, confirm a
 * subscription): the question and its button, then what came of the press.
 */
export function LinkActionPanel<Status extends string, Reason extends string>(
  props: LinkActionPanelProps<Status, Reason>,
) {
  const { action, incomplete, unsupported, outcomes, failure, button, decline, children } = props;
  const { token, state, confirm } = action;

  if (!token) {
    return (
      <p role="alert" className="text-slate-700">
        {incomplete}
      </p>
    );
  }
  if (state.step === "unsupported") {
    return <p className="text-slate-700">{unsupported}</p>;
  }
  if (state.step === "done") {
    const { result } = state;
    if (result.ok) {
      const { title, body } = outcomes[result.status];
      return <LinkOutcome title={title}>{body}</LinkOutcome>;
    }
    const { problem, advice, retry } = failure(result.reason);
    return (
      <div role="alert" className="grid gap-3">
        <p className="font-medium text-red-800">{problem}</p>
        <p className="text-slate-700">{advice}</p>
        {retry && (
          <Button variant="outline" onClick={confirm} className="justify-self-start">
            Try again
          </Button>
        )}
      </div>
    );
  }
  const busy = state.step === "busy";
  const Icon = button.icon;
  return (
    <div className="grid gap-5">
      {children}
      <div className="flex flex-wrap gap-3">
        <Button onClick={confirm} disabled={busy} aria-busy={busy || undefined} size="lg">
          {busy ? (
            <Loader2 aria-hidden="true" className="h-4 w-4 animate-spin" />
          ) : (
            <Icon aria-hidden="true" className="h-4 w-4" />
          )}
          {button.label}
        </Button>
        <ButtonLink to="/" variant="ghost" size="lg">
          {decline}
        </ButtonLink>
      </div>
    </div>
  );
}

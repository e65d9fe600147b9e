import type { BrowserContext, Page } from "playwright-core";

// Records every Content-Security-Policy violation Chromium reports while a page runs, from two sources:
// the console ("Refused to execute inline script because it violates...") and DevTools' Audits issues
// (ContentSecurityPolicyIssue, which also covers blocked resources that log nothing). An init script
// listening for securitypolicyviolation would itself be an inline script needing a CSP hash, so the
// recorder stays outside the page, on the DevTools protocol.

interface CspIssueDetails {
  violatedDirective?: string;
  blockedURL?: string;
  contentSecurityPolicyViolationType?: string;
  sourceCodeLocation?: { url?: string; lineNumber?: number };
}

export interface CspRecorder {
  /** Starts recording on a page (call before it navigates). */
  watch(page: Page): Promise<void>;
  /** Records on every page the context opens from now on (other tabs, popups). */
  watchContext(context: BrowserContext): void;
  /** The violations recorded since the last call, emptied. */
  take(): string[];
}

export function cspRecorder(): CspRecorder {
  const violations = new Set<string>();
  const watched = new WeakSet<Page>();

  const watch = async (page: Page) => {
    if (watched.has(page)) return;
    watched.add(page);
    page.on("console", (message) => {
      if (/Content[- ]Security[- ]Policy/i.test(message.text())) violations.add(`${page.url()}: ${message.text()}`);
    });
    const session = await page.context().newCDPSession(page);
    session.on(
      "Audits.issueAdded",
      ({ issue }: { issue: { code: string; details: { contentSecurityPolicyIssueDetails?: CspIssueDetails } } }) => {
        if (issue.code !== "ContentSecurityPolicyIssue") return;
        const details = issue.details.contentSecurityPolicyIssueDetails ?? {};
        const where = details.sourceCodeLocation
          ? ` at ${details.sourceCodeLocation.url ?? "?"}:${details.sourceCodeLocation.lineNumber ?? "?"}`
          : "";
        violations.add(
          `${page.url()}: ${details.contentSecurityPolicyViolationType ?? "violation"} of ${details.violatedDirective ?? "?"} ${details.blockedURL ?? ""}${where}`.trim(),
        );
      },
    );
    await session.send("Audits.enable");
  };

  return {
    watch,
    watchContext(context) {
      context.on("page", (page) => void watch(page));
    },
    take() {
      const taken = [...violations];
      violations.clear();
      return taken;
    },
  };
}

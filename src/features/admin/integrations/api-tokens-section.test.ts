import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { ApiToken } from "../../../domain/api-tokens";
import { TokenItem } from "./api-tokens-section";

// A token in the Integrations tab's list says when it does not work, and why (decision 0044): the list
// API's suspended and suspendedScopes, as the admin reads them.

const token: ApiToken = {
  id: "t1",
  name: "CRM sync",
  scopes: ["records:read", "export"],
  createdBy: "former.admin@erf.co.za",
  createdAt: "2026-03-01T08:00:00.000Z",
  lastUsedAt: null,
  expiresAt: null,
  suspended: null,
  suspendedScopes: [],
};

const text = (shown: ApiToken) =>
  renderToStaticMarkup(createElement(TokenItem, { token: shown, onRevoke: () => undefined }))
    .replace(/<[^>]+>/g, " ")
    .replaceAll("&#x27;", "'")
    .replace(/\s+/g, " ");

describe("a token in the list", () => {
  it("shows nothing of suspension while it works in full", () => {
    expect(text(token)).not.toMatch(/suspended/i);
  });

  it("shows a token of a disabled or deleted creator as suspended, with the reason", () => {
    expect(text({ ...token, suspended: "creator-disabled", suspendedScopes: token.scopes })).toContain(
      "Suspended: creator disabled",
    );
    expect(text({ ...token, suspended: "creator-removed", suspendedScopes: token.scopes })).toContain(
      "Suspended: creator no longer on the team",
    );
  });

  it("shows the scopes a demoted creator's role no longer allows", () => {
    expect(text({ ...token, suspendedScopes: ["export"] })).toContain(
      "Suspended scope: creator's role no longer allows export",
    );
  });
});

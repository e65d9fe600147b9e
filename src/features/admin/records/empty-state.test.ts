import { describe, expect, it } from "vitest";
import { emptyStateFor } from "./empty-state";

const TEXTS = { emptyText: "No leads yet.", noMatchText: "No leads match your search and filters." };
const clear = () => undefined;

describe("emptyStateFor", () => {
  it("says there are none yet when no filter is on", () => {
    expect(emptyStateFor({ loaded: true, error: null }, false, TEXTS, clear)).toEqual({ text: "No leads yet." });
  });

  it("says nothing matches, and offers to clear the filters, when filters are on", () => {
    expect(emptyStateFor({ loaded: true, error: null }, true, TEXTS, clear)).toEqual({
      text: "No leads match your search and filters.",
      onClearFilters: clear,
    });
  });

  it("says it is loading until the list for these filters has arrived", () => {
    expect(emptyStateFor({ loaded: false, error: null }, true, TEXTS, clear)).toEqual({ text: "Loading…" });
    expect(emptyStateFor({ loaded: false, error: null }, false, TEXTS, clear)).toEqual({ text: "Loading…" });
  });

  it("says why when the list failed to load", () => {
    expect(emptyStateFor({ loaded: true, error: "Could not load leads." }, true, TEXTS, clear)).toEqual({
      text: "Could not load leads.",
    });
  });
});

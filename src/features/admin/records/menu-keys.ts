// Where a key moves the highlighted item of an open menu (the status menu), as the WAI-ARIA menu button
// pattern has it. Pure: the menu asks, then focuses the item.

/** What a key does in an open menu of `count` items whose item `current` is focused. */
export type MenuMove =
  { kind: "focus"; index: number } | { kind: "choose" } | { kind: "cancel" } | { kind: "leave" } | { kind: "none" };

/**
 * ↓/↑ step with wrap-around, Home/End jump, Enter or Space chooses, Escape cancels, Tab leaves, and a
 * letter moves to the next item starting with it (after the focused one, wrapping).
 */
export function menuMove(key: string, current: number, labels: readonly string[]): MenuMove {
  const count = labels.length;
  if (count === 0) return key === "Escape" ? { kind: "cancel" } : { kind: "none" };
  switch (key) {
    case "ArrowDown":
      return { kind: "focus", index: (current + 1) % count };
    case "ArrowUp":
      return { kind: "focus", index: (current - 1 + count) % count };
    case "Home":
      return { kind: "focus", index: 0 };
    case "End":
      return { kind: "focus", index: count - 1 };
    case "Enter":
    case " ":
      return { kind: "choose" };
    case "Escape":
      return { kind: "cancel" };
    case "Tab":
      return { kind: "leave" };
  }
  if (key.length !== 1 || !/\S/.test(key)) return { kind: "none" };
  const letter = key.toLowerCase();
  for (let step = 1; step <= count; step++) {
    const index = (current + step) % count;
    if (labels[index]!.toLowerCase().startsWith(letter)) return { kind: "focus", index };
  }
  return { kind: "none" };
}

/** The item focused when the menu opens: the chosen one, else the first (↓, Enter, Space) or last (↑). */
export function openingIndex(options: readonly string[], value: string, key: "first" | "last"): number {
  const chosen = options.indexOf(value);
  if (chosen >= 0) return chosen;
  return key === "first" ? 0 : Math.max(0, options.length - 1);
}

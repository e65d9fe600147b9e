import { describe, expect, it } from "vitest";
import { BADGE_TINT, jobs } from "./dashboard-illustration";

// WCAG 2.x relative luminance and contrast ratio, for the hero illustration's status badges: the text is
// the badge's colour, drawn on the same colour at BADGE_TINT opacity over the white panel.

const channels = (hex: string) => [1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16));
const linear = (value: number) => {
  const c = value / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
};
const luminance = (rgb: number[]) => {
  const [r, g, b] = rgb.map(linear) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};
const contrast = (a: number[], b: number[]) => {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
};

describe("the hero illustration's status badges", () => {
  it("keeps the arithmetic honest: the old 'In progress' amber on its tint was 4.25:1", () => {
    const old = channels("#b45309");
    expect(
      contrast(
        old,
        old.map((c) => BADGE_TINT * c + (1 - BADGE_TINT) * 255),
      ),
    ).toBeCloseTo(4.25, 1);
  });

  it.each(jobs.map((job) => [job.status, job.colour]))(
    "'%s' has at least 4.5:1 against its badge",
    (_status, colour) => {
      const text = channels(colour);
      const badge = text.map((c) => BADGE_TINT * c + (1 - BADGE_TINT) * 255);
      expect(contrast(text, badge)).toBeGreaterThanOrEqual(4.5);
    },
  );
});

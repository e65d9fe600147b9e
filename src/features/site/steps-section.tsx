import { StepsSectionBody } from "./steps-section.island";
import { staticIsland } from "./static-island";

/** The numbered how-it-works steps (HTML only: static-island.tsx). */
export const StepsSection = staticIsland("steps-section", import.meta.env.SSR ? StepsSectionBody : null);

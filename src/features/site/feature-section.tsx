import { FeatureSectionBody } from "./feature-section.island";
import { staticIsland } from "./static-island";

/** The section of feature cards under an intro (HTML only: static-island.tsx). */
export const FeatureSection = staticIsland("feature-section", import.meta.env.SSR ? FeatureSectionBody : null);

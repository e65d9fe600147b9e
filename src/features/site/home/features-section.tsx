import { staticIsland } from "../static-island";
import { FeaturesSectionBody } from "./features-section.island";

export const FeaturesSection = staticIsland("features-section", import.meta.env.SSR ? FeaturesSectionBody : null);

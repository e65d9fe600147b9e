import { staticIsland } from "../static-island";
import { GrowthSectionBody } from "./growth-section.island";

export const GrowthSection = staticIsland("growth-section", import.meta.env.SSR ? GrowthSectionBody : null);

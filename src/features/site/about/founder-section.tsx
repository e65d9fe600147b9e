import { FounderSectionBody } from "./founder-section.island";
import { staticIsland } from "../static-island";

/** The founder's portrait and words (HTML only: static-island.tsx). */
export const FounderSection = staticIsland("founder-section", import.meta.env.SSR ? FounderSectionBody : null);

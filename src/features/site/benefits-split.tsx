import { BenefitsSplitBody } from "./benefits-split.island";
import { staticIsland } from "./static-island";

/** The benefits beside their illustration (HTML only: static-island.tsx). */
export const BenefitsSplit = staticIsland("benefits-split", import.meta.env.SSR ? BenefitsSplitBody : null);

import { staticIsland } from "../static-island";
import { ShowcaseSectionBody } from "./showcase-section.island";

export const ShowcaseSection = staticIsland("showcase-section", import.meta.env.SSR ? ShowcaseSectionBody : null);

import { StorySectionBody } from "./story-section.island";
import { staticIsland } from "../static-island";

/** The company's story (HTML only: static-island.tsx). */
export const StorySection = staticIsland("story-section", import.meta.env.SSR ? StorySectionBody : null);

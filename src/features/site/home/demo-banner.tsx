import { staticIsland } from "../static-island";
import { DemoBannerBody } from "./demo-banner.island";

export const DemoBanner = staticIsland("demo-banner", import.meta.env.SSR ? DemoBannerBody : null);

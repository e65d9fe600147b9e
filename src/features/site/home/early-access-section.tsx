import { staticIsland } from "../static-island";
import { EarlyAccessSectionBody } from "./early-access-section.island";

export const EarlyAccessSection = staticIsland(
  "early-access-section",
  import.meta.env.SSR ? EarlyAccessSectionBody : null,
);

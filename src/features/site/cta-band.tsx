import { staticIsland } from "./static-island";
import { CtaBandBody } from "./cta-band.island";

export const CtaBand = staticIsland("cta-band", import.meta.env.SSR ? CtaBandBody : null);

import { staticIsland } from "./static-island";
import { SiteFooterBody } from "./site-footer.island";

export const SiteFooter = staticIsland("site-footer", import.meta.env.SSR ? SiteFooterBody : null);

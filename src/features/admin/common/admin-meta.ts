import { BRAND } from "../../../config/brand";

/** Staff pages are never indexed. */
export function adminMeta(title: string) {
  return [{ title: `${title} | ${BRAND.name}` }, { name: "robots", content: "noindex, nofollow" }];
}

import type { FaqGroup } from "../../../content/faqs";

/** Groups with only the items whose question or answer contains the query (case-insensitive); empty groups dropped. */
export function filterFaqGroups(groups: readonly FaqGroup[], query: string): FaqGroup[] {
  const needle = query.trim().toLocaleLowerCase();
  if (!needle) return [...groups];
  return groups
    .map((group) => ({
      ...group,
      items: group.items.filter(
        (item) =>
          item.question.toLocaleLowerCase().includes(needle) || item.answer.toLocaleLowerCase().includes(needle),
      ),
    }))
    .filter((group) => group.items.length > 0);
}

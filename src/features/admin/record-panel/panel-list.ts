import type { RecordsByCollection } from "../../../domain/admin";
import type { Collection } from "../../../domain/status";

type AnyRecord = RecordsByCollection[Collection];

/** The open tab's list as the panel walks it with j and k. */
export interface PanelList {
  ids: readonly string[];
  hasMore: boolean;
  loadMore: () => void;
  /** The row as the list holds it: shown at once while the full record loads. */
  find: (id: string) => AnyRecord | undefined;
}

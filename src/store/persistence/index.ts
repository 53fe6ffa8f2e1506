export { type Change, ChangeLog, type ChangeLogOptions } from "./change-log.js";
export {
  type CompactionResult,
  JournalAdapter,
  type JournalAdapterOptions,
  type JournalStats,
  type WorldCollections,
} from "./journal-adapter.js";
export { DbUnusable, openPersistence, type Persistence, type PersistenceOptions } from "./persistent-world.js";

// The store's door to its files on disk (--db): Node only, so the browser bundle never reaches it (src/store/README.md).
export { DbUnusable, openPersistence, type Persistence } from "./persistence/index.js";
export { repairDb } from "./persistence/repair.js";

export { DbUnusable, openPersistence, type Persistence } from "./persistent-world.js";

/** Objects that list their keys in the order a client sent them: see world/key-order.ts (the world reads them too). */
export { inSentOrder, isArrayIndex } from "../world/key-order.js";

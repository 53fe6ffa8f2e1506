import type * as NodeOutput from "./output.js";

/* output.ts for the browser bundle: the console. */

export const printLine: typeof NodeOutput.printLine = (line) => console.log(line);

export const printError: typeof NodeOutput.printError = (line) => console.error(line);

/*
 * Lines for the person running the mock: the request log and reports of unexpected errors. Node writes them to
 * stdout and stderr; the browser bundle replaces this module with output.browser.ts (the console).
 */

export function printLine(line: string): void {
  process.stdout.write(`${line}\n`);
}

export function printError(line: string): void {
  process.stderr.write(`${line}\n`);
}

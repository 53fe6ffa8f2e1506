import { FLAGS, type FlagSpec } from "./flags.js";

/** The flag table as the lines of `bss-mock serve --help`. */
export function flagHelp(): string {
  const specs: [string, FlagSpec][] = Object.entries(FLAGS);
  const rows = specs.map(([name, flag]) => [
    `--${name}${flag.value ? ` ${flag.value}` : ""}`,
    flag.env,
    `${flag.help}${flag.default ? ` (default ${flag.default})` : ""}`,
  ]);
  rows.push(["--help, -h", "", "this help"]);
  const width = (i: number) => Math.max(...rows.map((row) => (row[i] as string).length));
  return rows.map(([flag, env, help]) => `  ${flag?.padEnd(width(0))}  ${env?.padEnd(width(1))}  ${help}`).join("\n");
}

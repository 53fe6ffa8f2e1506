export function healthUrl(argv: readonly string[], env?: Readonly<Record<string, string | undefined>>): string;
export function commandLine(pid: number | string): string[];

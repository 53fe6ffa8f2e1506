export function packageSection(readme?: string): { commands: string[]; typescript: string[] };

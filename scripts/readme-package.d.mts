export function packageSection(readme?: string, serving?: string): { commands: string[]; typescript: string[] };

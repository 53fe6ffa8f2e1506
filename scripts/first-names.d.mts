export const FIRST_NAMES_FILE: string;
export function firstNamesText(): string;

export const FIRST_NAMES_FILE: string;
export function firstNamesText(): string;
export function isFirstName(name: string, language: string, notNames?: ReadonlySet<string>): boolean;
export function placeWords(language: string): ReadonlySet<string>;

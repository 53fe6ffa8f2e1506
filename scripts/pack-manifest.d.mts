export const INSTALL_SCRIPTS: string[];
export const PUBLISHED_SCRIPTS: string[];
export function published<T extends { scripts?: Record<string, string> }>(
  manifest: T,
): T & { scripts: Record<string, string> };
export function strip(): void;
export function restore(): void;

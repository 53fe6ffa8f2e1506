export const CLIENT_TYPES_FILE: string;
export function clientTypes(document: unknown): Promise<string>;

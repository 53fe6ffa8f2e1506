export const PACK_TIME_FILES: string[];
export function referencedFiles(manifest?: unknown): string[];
export function packageProblems(files: string[], options?: { packTimeFilesBuilt?: boolean }): string[];

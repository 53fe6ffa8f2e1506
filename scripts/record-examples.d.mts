export const EXAMPLES_FILE: string;
export function recordExamples(
  createApp: (options: Record<string, unknown>) => {
    fetch(request: Request): Response | Promise<Response>;
    close(): void;
  },
): Promise<Record<string, unknown>>;
export function examplesText(examples: Record<string, unknown>): string;

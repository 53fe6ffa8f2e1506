export declare const packageFolder: string;
export declare function serveStatic(options?: {
  root?: string;
  mounts?: Record<string, string>;
  port?: number;
}): Promise<{ url: string; close: () => Promise<void> }>;

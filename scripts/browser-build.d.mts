import type { BuildOptions, Plugin } from "esbuild";

export declare const browserEntry: string;
export declare const browserPlatform: Plugin;
export declare function browserBuildOptions(overrides?: BuildOptions): BuildOptions & { metafile: true };

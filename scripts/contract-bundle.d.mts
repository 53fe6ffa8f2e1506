import type { BuildOptions } from "esbuild";

export function contractBuildOptions(outdir: string): BuildOptions;

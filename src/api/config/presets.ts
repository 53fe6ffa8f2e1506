import type { MockOptions } from "./options.js";

/** The background phases' durations of each `--timing`. */
export const TIMING_PRESETS = {
  realistic: { planningMs: 3000, runningMs: 12_000, synthesisMs: 4000, retestMs: 5000 },
  fast: { planningMs: 300, runningMs: 800, synthesisMs: 300, retestMs: 300 },
  instant: { planningMs: 0, runningMs: 0, synthesisMs: 0, retestMs: 0 },
} as const;

/** The per-phase durations in effect: the preset, with any per-phase override applied. */
export function phaseDurations(options: MockOptions) {
  const preset = TIMING_PRESETS[options.timing];
  return {
    planningMs: options.planningMs ?? preset.planningMs,
    runningMs: options.runningMs ?? preset.runningMs,
    synthesisMs: options.synthesisMs ?? preset.synthesisMs,
    retestMs: options.retestMs ?? preset.retestMs,
  };
}

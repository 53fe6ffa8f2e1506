import fc from "fast-check";

/**
 * Property tests draw the same cases on every run, so CI is never red by the luck of a draw: a property that fails
 * fails every time, with the seed to replay it. `FC_SEED=<number>` draws another set, and `FC_SEED=random` a new one
 * each run (printed on failure), to look for cases the fixed set misses.
 */
const chosen = process.env.FC_SEED;
fc.configureGlobal({
  ...fc.readConfigureGlobal(),
  ...(chosen === "random" ? {} : { seed: chosen === undefined ? 20261128 : Number(chosen) }),
});

/** The programmatic API: build the mock in-process (tests, tools) or start it on a port. */
export { createApp, type MockApp, operations } from "./app.js";
export { ManualClock, SystemClock } from "./clock/clock.js";
export { type MockOptions, type MockOptionsInput, optionsSchema, parseServeOptions } from "./config.js";
export { type RunningServer, startServer } from "./server.js";

// The API's front door for the package's entries (src/index.ts, browser.ts, cli.ts), on any platform; node.ts adds
// what needs Node (a socket, files). See src/api/README.md.
export { createApp, type MockApp, type MockHandle } from "./app.js";
export { askedLogFormat, flagOf, parseServeOptions } from "./config/flags.js";
export { flagHelp } from "./config/help.js";
export { ConfigError, checkOptions, type MockOptions, type MockOptionsInput, optionsSchema } from "./config/options.js";
export type {
  ClockView,
  ContextView,
  MockInfo,
  OrganisationView,
  ScenarioInput,
  ScenariosView,
  UserModelView,
} from "./control/control.js";
export type { JournalEntry, JournalFilter } from "./control/journal.js";
export type { CoverageItem, CoverageView } from "./coverage/coverage.js";
export { COVERAGE_USAGE } from "./coverage/usage.js";
export type { OrganisationContextInput, OrganisationUserModelInput } from "./domain/organisations.js";
export { MCP_USAGE } from "./mcp/usage.js";
export {
  ControlError,
  type InProcessMock,
  inProcessMock,
  type MockRequests,
  type SimulationInStatus,
} from "./mock-facade.js";
export type * as answerSchemas from "./routes/answers/answers.schemas.js";
export type * as contextSchemas from "./routes/contexts/contexts.schemas.js";
export type * as populationSchemas from "./routes/populations/populations.schemas.js";
export type * as predictionSchemas from "./routes/predictions/predictions.schemas.js";
export type * as projectSchemas from "./routes/projects/projects.schemas.js";
export { PUBLIC_SCHEMAS } from "./routes/public-schemas.js";
export type * as simulationSchemas from "./routes/simulations/simulations.schemas.js";
export type * as testSchemas from "./routes/tests/tests.schemas.js";
export type * as userModelSchemas from "./routes/user-models/user-models.schemas.js";
export type { AppliedRule } from "./scenarios/engine.js";
export type { ScenarioDefinition } from "./scenarios/schema.js";

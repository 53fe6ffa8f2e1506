// The store's front door for any platform: the only module of src/store/ another part imports, with node.ts (the
// files on disk, Node only). See src/store/README.md.
export { type ChangeSink, Collection, NO_CHANGES, WriteFailed } from "./collection.js";
export { uuidForName } from "./ids.js";
export type {
  AnswerRecord,
  ArtefactType,
  BatchRecord,
  ContextRecord,
  FinishedRetest,
  JobKind,
  JobRecord,
  JsonObject,
  PhaseFate,
  Plan,
  ProjectRecord,
  RetestRecord,
  RetestStatus,
  RoundRecord,
  SimulationFate,
  SimulationRecord,
  SimulationStatus,
  SurveyDesign,
  SurveyQuestion,
  UserModelRecord,
} from "./records.js";
export { type CallerRef, MANUAL_CLOCK_ID, orgPopulationKey, PUBLIC, World, type WorldCollections } from "./world.js";

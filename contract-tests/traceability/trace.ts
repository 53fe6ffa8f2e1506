/**
 * Traceability: every unit of the interface spec (each sentence of its prose, each list item, each table row; see
 * spec-units.ts) mapped to the ids of the rules it states, or marked with why it states none ("not shown", a heading
 * line, a description). traceability.test.ts fails when a unit of the spec is missing here, when an entry is not in
 * the spec (word for word), and when a rule id has no test in profile `spec`.
 */
export interface TraceEntry {
  /** Headings above the unit, outermost first. */
  readonly section: string;
  /** The unit, word for word as the spec has it. */
  readonly text: string;
  /** The rules the unit states: it says what the rule checks (a status rule's status included). */
  readonly rules?: readonly string[];
  /**
   * Rules the unit bears on without stating them: the allowed side of a refusal ("Delete is refused with 409 while
   * …" implies the 204 otherwise), an overview of what a table row states. Traced, but never shown as the rule's
   * sentence: a report shows the first unit that states it.
   */
  readonly implies?: readonly string[];
  /** Why the unit states no rule the suite can check. */
  readonly none?: string;
}

export const SPEC_TRACE: readonly TraceEntry[] = [
  // (introduction)
  {
    section: "",
    text: "This single document covers the whole service: simulations (research and journey modes), projects and rounds, contexts, user models, and the read and retest endpoints for answers, predictions and populations.",
    none: "scope of the document",
  },
  { section: "", text: "All paths are relative to {base_url}.", none: "how paths are written" },
  { section: "", text: "All request and response bodies are JSON unless stated otherwise.", rules: ["JSON-BODIES"] },
  // What the service does
  { section: "What the service does", text: "The service simulates human behaviour.", none: "what the service is for" },
  {
    section: "What the service does",
    text: "A caller creates a simulation from a mode, a goal, goal-specific inputs and one or more user models (each user model is a simulated population of people).",
    implies: ["SIM-CREATE-201"],
  },
  {
    section: "What the service does",
    text: "Creating a simulation returns at once with status `planning`.",
    rules: ["SIM-CREATE-PLANNING"],
  },
  {
    section: "What the service does",
    text: "A plan is then generated in the background.",
    rules: ["SIM-PLANNING-TO-PLANNED"],
  },
  {
    section: "What the service does",
    text: "The caller may edit the plan while the simulation is `planned`.",
    rules: ["PLAN-EDIT-PLANNED"],
  },
  { section: "What the service does", text: "The caller runs the simulation.", implies: ["SIM-RUN-200-PLANNED"] },
  { section: "What the service does", text: "It executes in the background (`running`).", rules: ["SIM-RUN-RUNNING"] },
  {
    section: "What the service does",
    text: "The caller polls the simulation until it completes.",
    rules: ["SIM-RUNNING-TO-COMPLETED"],
  },
  {
    section: "What the service does",
    text: "A completed simulation returns a synthesis, a markdown report and results.",
    rules: ["SIM-COMPLETED-OUTPUTS"],
  },
  { section: "What the service does", text: "Modes:", none: "introduces the list of modes" },
  {
    section: "What the service does",
    text: "`research`: survey-style questions are put to simulated respondents.",
    rules: ["SIM-MODE-RESEARCH"],
  },
  {
    section: "What the service does",
    text: "`journey`: simulated users navigate web pages.",
    rules: ["SIM-MODE-JOURNEY"],
  },
  {
    section: "What the service does",
    text: "Simulations can be grouped into projects.",
    rules: ["SIM-CREATE-PROJECT-ROUND-1"],
  },
  { section: "What the service does", text: "A project holds rounds.", rules: ["PROJECT-GET-ROUNDS"] },
  {
    section: "What the service does",
    text: "A round holds simulations, may have an attached artefact (the thing being tested), and has a synthesis across its completed simulations.",
    rules: ["ROUND-FIELDS", "ARTEFACT-TEXT", "SYNTH-REGENERATE"],
  },
  {
    section: "What the service does",
    text: "A context is a named markdown text describing an organisation or product.",
    rules: ["CONTEXT-CREATE"],
  },
  {
    section: "What the service does",
    text: "It is attached to every simulation planned against it.",
    rules: ["SIM-CREATE-CONTEXT-ID"],
  },
  {
    section: "What the service does",
    text: "The service also exposes single-item reads for answers, predictions and populations (which are user models), and an operation that retests a population.",
    rules: ["POPULATION-IS-USER-MODEL", "POPULATION-RETEST-ENVELOPE"],
  },
  {
    section: "What the service does",
    text: "These use a response envelope described below.",
    rules: ["ENVELOPE-SUCCESS"],
  },
  // Resources and their fields > Response envelope (answers, predictions, populations, retest)
  {
    section: "Resources and their fields > Response envelope (answers, predictions, populations, retest)",
    text: "| data | object | Primary payload on success |",
    rules: ["ENVELOPE-SUCCESS"],
  },
  {
    section: "Resources and their fields > Response envelope (answers, predictions, populations, retest)",
    text: "| errors | array of error objects or null | Structured errors, if any |",
    rules: ["ENVELOPE-ERRORS-FIELD"],
  },
  {
    section: "Resources and their fields > Response envelope (answers, predictions, populations, retest)",
    text: "Error object: `code` (string), `message` (string).",
    rules: ["ENVELOPE-ERROR-OBJECT"],
  },
  // Resources and their fields > Validation error body (HTTP 422)
  {
    section: "Resources and their fields > Validation error body (HTTP 422)",
    text: "| detail | array of objects |",
    rules: ["VALIDATION-422-BODY"],
  },
  {
    section: "Resources and their fields > Validation error body (HTTP 422)",
    text: "| detail[].loc | array of string or integer (location of the offending field) |",
    rules: ["VALIDATION-422-LOC"],
  },
  {
    section: "Resources and their fields > Validation error body (HTTP 422)",
    text: "| detail[].msg | string |",
    rules: ["VALIDATION-422-MSG"],
  },
  {
    section: "Resources and their fields > Validation error body (HTTP 422)",
    text: "| detail[].type | string (error type) |",
    rules: ["VALIDATION-422-TYPE"],
  },
  // Resources and their fields > User model
  {
    section: "Resources and their fields > User model",
    text: "Listed by the user-models endpoint.",
    rules: ["USER-MODELS-LIST"],
  },
  {
    section: "Resources and their fields > User model",
    text: "Each entry carries an id (uuid, used as an element of `user_model_ids`), accuracy and metadata, and a boolean `owned_by_org` (true for the caller's organisation's models, false for public models).",
    rules: ["USER-MODEL-ID", "USER-MODEL-OWNED-BY-ORG"],
  },
  {
    section: "Resources and their fields > User model",
    text: "Exact field names beyond `id` and `owned_by_org`, and their types: not shown.",
    none: "not shown",
  },
  // Resources and their fields > Simulation
  { section: "Resources and their fields > Simulation", text: "| id | string, uuid | |", rules: ["SIM-FIELD-ID"] },
  {
    section: "Resources and their fields > Simulation",
    text: "| mode | string | `research` or `journey` |",
    rules: ["SIM-FIELD-MODE"],
  },
  {
    section: "Resources and their fields > Simulation",
    text: "| goal | string | goal id within the mode |",
    rules: ["SIM-FIELD-GOAL"],
  },
  {
    section: "Resources and their fields > Simulation",
    text: "| inputs | object | answers keyed by the goal's input ids |",
    rules: ["SIM-FIELD-INPUTS"],
  },
  {
    section: "Resources and their fields > Simulation",
    text: "| user_model_ids | array of uuid | one or more |",
    rules: ["SIM-FIELD-USER-MODEL-IDS"],
  },
  {
    section: "Resources and their fields > Simulation",
    text: "| title | string or null | set automatically when the plan is generated, renameable |",
    rules: ["SIM-FIELD-TITLE", "SIM-TITLE-AUTO"],
  },
  {
    section: "Resources and their fields > Simulation",
    text: "| project_id | uuid or null | |",
    rules: ["SIM-FIELD-PROJECT-ID"],
  },
  {
    section: "Resources and their fields > Simulation",
    text: "| round_id | uuid or null | |",
    rules: ["SIM-FIELD-ROUND-ID"],
  },
  {
    section: "Resources and their fields > Simulation",
    text: "| status | string | see States and transitions |",
    rules: ["SIM-FIELD-STATUS"],
  },
  {
    section: "Resources and their fields > Simulation",
    text: "The simulation representation also carries progress while running, and synthesis, markdown and results once completed.",
    rules: ["SIM-RUNNING-PROGRESS", "SIM-COMPLETED-OUTPUTS"],
  },
  {
    section: "Resources and their fields > Simulation",
    text: "Names, types and nesting of those and other fields (plan, public flag, timestamps): not shown.",
    none: "not shown",
  },
  // Resources and their fields > Plan (edited through the plan endpoint)
  {
    section: "Resources and their fields > Plan (edited through the plan endpoint)",
    text: "| question_text | string or null |",
    rules: ["PLAN-FIELD-QUESTION-TEXT"],
  },
  {
    section: "Resources and their fields > Plan (edited through the plan endpoint)",
    text: "| hypothesis_text | string or null |",
    rules: ["PLAN-FIELD-HYPOTHESIS-TEXT"],
  },
  {
    section: "Resources and their fields > Plan (edited through the plan endpoint)",
    text: "| survey_questions | array of survey question objects, or null |",
    rules: ["PLAN-FIELD-SURVEY-QUESTIONS"],
  },
  {
    section: "Resources and their fields > Plan (edited through the plan endpoint)",
    text: "| journey_task | free-form object or null |",
    rules: ["PLAN-FIELD-JOURNEY-TASK"],
  },
  {
    section: "Resources and their fields > Plan (edited through the plan endpoint)",
    text: "Survey question object (`SurveyQuestionIn`):",
    none: "introduces the table below",
  },
  {
    section: "Resources and their fields > Plan (edited through the plan endpoint)",
    text: "| question_text | string | yes | |",
    rules: ["SQ-QUESTION-TEXT-REQUIRED"],
  },
  {
    section: "Resources and their fields > Plan (edited through the plan endpoint)",
    text: "| question_type | string | no | `single_choice` |",
    rules: ["SQ-QUESTION-TYPE-DEFAULT"],
  },
  {
    section: "Resources and their fields > Plan (edited through the plan endpoint)",
    text: "| answer_options | array of string or null | no | |",
    rules: ["SQ-ANSWER-OPTIONS"],
  },
  {
    section: "Resources and their fields > Plan (edited through the plan endpoint)",
    text: "| insight | string or null | no | |",
    rules: ["SQ-INSIGHT"],
  },
  {
    section: "Resources and their fields > Plan (edited through the plan endpoint)",
    text: "| variable_name | string or null | no | |",
    rules: ["SQ-VARIABLE-NAME"],
  },
  // Resources and their fields > Survey design (research mode only, request-side)
  {
    section: "Resources and their fields > Survey design (research mode only, request-side)",
    text: "`SurveyDesign` (unknown properties rejected):",
    rules: ["SD-UNKNOWN-REJECTED"],
  },
  {
    section: "Resources and their fields > Survey design (research mode only, request-side)",
    text: "| stimulus | string or null | what is being tested; the question writer states it in every item-set question; custom questions do not get it added |",
    rules: ["SD-STIMULUS"],
  },
  {
    section: "Resources and their fields > Survey design (research mode only, request-side)",
    text: "| item_sets | array of item set | groups of items, each item gets its own question on one shared scale |",
    rules: ["SD-ITEM-SETS"],
  },
  {
    section: "Resources and their fields > Survey design (research mode only, request-side)",
    text: "| custom_questions | array of custom question | asked as written |",
    rules: ["SD-CUSTOM-AS-WRITTEN"],
  },
  {
    section: "Resources and their fields > Survey design (research mode only, request-side)",
    text: "Item set (unknown properties rejected):",
    rules: ["SD-ITEM-SET-UNKNOWN-REJECTED"],
  },
  {
    section: "Resources and their fields > Survey design (research mode only, request-side)",
    text: "| ask | string | yes | min length 1; what is asked about every item |",
    rules: ["SD-ASK-REQUIRED", "SD-ASK-MIN-1"],
  },
  {
    section: "Resources and their fields > Survey design (research mode only, request-side)",
    text: "| items | array of string | yes | min 2 entries, each min length 1 |",
    rules: ["SD-ITEMS-REQUIRED", "SD-ITEMS-MIN-2", "SD-ITEM-MIN-LENGTH"],
  },
  {
    section: "Resources and their fields > Survey design (research mode only, request-side)",
    text: "| scale | array of string or null | no | 2 to 7 entries, each min length 1, ordered least to most favourable; if omitted one scale is chosen for the set |",
    rules: ["SD-SCALE-2-TO-7", "SD-SCALE-LABEL-MIN-LENGTH", "SD-SCALE-OPTIONAL", "SD-ITEM-SETS"],
  },
  {
    section: "Resources and their fields > Survey design (research mode only, request-side)",
    text: "Custom question (unknown properties rejected):",
    rules: ["SD-CUSTOM-UNKNOWN-REJECTED"],
  },
  {
    section: "Resources and their fields > Survey design (research mode only, request-side)",
    text: "| question_text | string | yes | min length 1; used exactly as written |",
    rules: ["SD-CUSTOM-TEXT-REQUIRED", "SD-CUSTOM-TEXT-MIN-1", "SD-CUSTOM-AS-WRITTEN"],
  },
  {
    section: "Resources and their fields > Survey design (research mode only, request-side)",
    text: "| answer_options | array of string or null | no | 2 to 10 entries, each min length 1; used exactly as given; if omitted they are supplied by the question writer |",
    rules: [
      "SD-CUSTOM-OPTIONS-2-TO-10",
      "SD-CUSTOM-OPTION-MIN-LENGTH",
      "SD-CUSTOM-OPTIONS-AS-GIVEN",
      "SD-CUSTOM-OPTIONS-SUPPLIED",
    ],
  },
  {
    section: "Resources and their fields > Survey design (research mode only, request-side)",
    text: "The number of questions asked is one per item in each item set plus one per custom question.",
    rules: ["SD-QUESTION-COUNT"],
  },
  // Resources and their fields > Project
  {
    section: "Resources and their fields > Project",
    text: "| name | string | default `New project`; 1 to 200 chars on rename |",
    rules: ["PROJECT-NAME-DEFAULT", "PROJECT-RENAME-LENGTH"],
  },
  {
    section: "Resources and their fields > Project",
    text: "| context_id | uuid | context the project's simulations plan against |",
    rules: ["PROJECT-FIELD-CONTEXT-ID"],
  },
  {
    section: "Resources and their fields > Project",
    text: "| rounds | array | returned by the get-project operation |",
    rules: ["PROJECT-GET-ROUNDS"],
  },
  // Resources and their fields > Round
  {
    section: "Resources and their fields > Round",
    text: "A round has: a title (string, 1 to 200 chars when set), `artefact_name`, `artefact_type`, its simulations, and a synthesis with these fields:",
    rules: ["ROUND-FIELDS"],
  },
  {
    section: "Resources and their fields > Round",
    text: "| synthesis_status | string | `generating`, `completed`, `failed` |",
    rules: ["SYNTH-STATUS-VALUES"],
  },
  {
    section: "Resources and their fields > Round",
    text: "| synthesis_error | string | present when failed |",
    rules: ["SYNTH-ERROR-ON-FAILURE"],
  },
  {
    section: "Resources and their fields > Round",
    text: "| synthesis_stale | boolean | true when completed simulations in the round are not yet covered by the synthesis |",
    rules: ["SYNTH-STALE"],
  },
  {
    section: "Resources and their fields > Round",
    text: "A round title that was set by the caller is kept; the automatic title applies only to rounds without a title.",
    rules: ["ROUND-TITLE-KEPT"],
  },
  {
    section: "Resources and their fields > Round",
    text: "If a round's title is left out, it is named from its simulations.",
    rules: ["ROUND-TITLE-AUTO"],
  },
  // Resources and their fields > Artefact
  { section: "Resources and their fields > Artefact", text: "What a round is testing.", none: "what an artefact is" },
  {
    section: "Resources and their fields > Artefact",
    text: "Either pasted text (with a name), a URL to read it from, or an uploaded document.",
    rules: ["ARTEFACT-TEXT", "ARTEFACT-URL", "ARTEFACT-FILE"],
  },
  {
    section: "Resources and their fields > Artefact",
    text: "Attaching replaces any existing artefact and only stores it; nothing is planned from it.",
    rules: ["ARTEFACT-REPLACES", "ARTEFACT-NOTHING-PLANNED"],
  },
  // Resources and their fields > Context
  {
    section: "Resources and their fields > Context",
    text: "| name | string | short name, for example the product's name |",
    rules: ["CONTEXT-FIELD-NAME"],
  },
  {
    section: "Resources and their fields > Context",
    text: "| body | string | markdown: what the organisation or product is, who uses it, competitors, pricing |",
    rules: ["CONTEXT-FIELD-BODY"],
  },
  {
    section: "Resources and their fields > Context",
    text: "The default-context endpoint returns an object with `has_context: false` when no context exists at all.",
    rules: ["CONTEXT-DEFAULT-NONE"],
  },
  {
    section: "Resources and their fields > Context",
    text: "Other fields of a context (id, timestamps) and of project, round and context responses: not shown.",
    none: "not shown",
  },
  // Resources and their fields > Answer (data of the answers read)
  {
    section: "Resources and their fields > Answer (data of the answers read)",
    text: "| id | string, uuid |",
    rules: ["ANSWER-FIELD-ID"],
  },
  {
    section: "Resources and their fields > Answer (data of the answers read)",
    text: "| created_at | string, ISO 8601 timestamp |",
    rules: ["ANSWER-FIELD-CREATED-AT"],
  },
  {
    section: "Resources and their fields > Answer (data of the answers read)",
    text: "| population | string, uuid |",
    rules: ["ANSWER-FIELD-POPULATION"],
  },
  {
    section: "Resources and their fields > Answer (data of the answers read)",
    text: "| population_name | string |",
    rules: ["ANSWER-FIELD-POPULATION-NAME"],
  },
  {
    section: "Resources and their fields > Answer (data of the answers read)",
    text: "| status | string |",
    rules: ["ANSWER-FIELD-STATUS"],
  },
  {
    section: "Resources and their fields > Answer (data of the answers read)",
    text: "| question | string |",
    rules: ["ANSWER-FIELD-QUESTION"],
  },
  {
    section: "Resources and their fields > Answer (data of the answers read)",
    text: "| accuracy | number |",
    rules: ["ANSWER-FIELD-ACCURACY"],
  },
  {
    section: "Resources and their fields > Answer (data of the answers read)",
    text: "| squared_error | number |",
    rules: ["ANSWER-FIELD-SQUARED-ERROR"],
  },
  {
    section: "Resources and their fields > Answer (data of the answers read)",
    text: "| root_mean_squared_error | number |",
    rules: ["ANSWER-FIELD-ROOT-MEAN-SQUARED-ERROR"],
  },
  {
    section: "Resources and their fields > Answer (data of the answers read)",
    text: "| simulated_answer_percentages | object: answer option string to number (fraction) |",
    rules: ["ANSWER-FIELD-SIMULATED-ANSWER-PERCENTAGES"],
  },
  {
    section: "Resources and their fields > Answer (data of the answers read)",
    text: "| predicted_answer_percentages | object: answer option string to number (fraction) |",
    rules: ["ANSWER-FIELD-PREDICTED-ANSWER-PERCENTAGES"],
  },
  {
    section: "Resources and their fields > Answer (data of the answers read)",
    text: "| information_loss | number |",
    rules: ["ANSWER-FIELD-INFORMATION-LOSS"],
  },
  {
    section: "Resources and their fields > Answer (data of the answers read)",
    text: "| normalised_information_loss | number |",
    rules: ["ANSWER-FIELD-NORMALISED-INFORMATION-LOSS"],
  },
  {
    section: "Resources and their fields > Answer (data of the answers read)",
    text: "| batch | string, uuid |",
    rules: ["ANSWER-FIELD-BATCH"],
  },
  {
    section: "Resources and their fields > Answer (data of the answers read)",
    text: "| prediction_started_at, prediction_finished_at, test_started_at, test_finished_at | string, ISO 8601 timestamps |",
    rules: ["ANSWER-FIELD-TIMESTAMPS"],
  },
  {
    section: "Resources and their fields > Answer (data of the answers read)",
    text: "| ground_answer_counts | object: answer option string to integer |",
    rules: ["ANSWER-FIELD-GROUND-ANSWER-COUNTS"],
  },
  {
    section: "Resources and their fields > Answer (data of the answers read)",
    text: "| ground_answer_percentages | object: answer option string to number (fraction) |",
    rules: ["ANSWER-FIELD-GROUND-ANSWER-PERCENTAGES"],
  },
  {
    section: "Resources and their fields > Answer (data of the answers read)",
    text: "| simulation_engine | string |",
    rules: ["ANSWER-FIELD-SIMULATION-ENGINE"],
  },
  {
    section: "Resources and their fields > Answer (data of the answers read)",
    text: "| public | boolean |",
    rules: ["ANSWER-FIELD-PUBLIC"],
  },
  {
    section: "Resources and their fields > Answer (data of the answers read)",
    text: "| answer_options | array of string |",
    rules: ["ANSWER-FIELD-ANSWER-OPTIONS"],
  },
  {
    section: "Resources and their fields > Answer (data of the answers read)",
    text: "| question_options | object with `question_type` (string, for example `single-choice`) |",
    rules: ["ANSWER-FIELD-QUESTION-OPTIONS"],
  },
  // Resources and their fields > Prediction (data of the predictions read)
  {
    section: "Resources and their fields > Prediction (data of the predictions read)",
    text: "The Answer fields except accuracy, squared_error, root_mean_squared_error, information_loss, normalised_information_loss, test_started_at, test_finished_at, ground_answer_counts and ground_answer_percentages.",
    rules: ["PREDICTION-FIELDS", "PREDICTION-NO-ANSWER-FIELDS"],
  },
  // Resources and their fields > Population (data of the populations read and of retest)
  {
    section: "Resources and their fields > Population (data of the populations read and of retest)",
    text: "| id | string, uuid |",
    rules: ["POPULATION-FIELD-ID"],
  },
  {
    section: "Resources and their fields > Population (data of the populations read and of retest)",
    text: "| created_at | string, ISO 8601 timestamp |",
    rules: ["POPULATION-FIELD-CREATED-AT"],
  },
  {
    section: "Resources and their fields > Population (data of the populations read and of retest)",
    text: "| name | string |",
    rules: ["POPULATION-FIELD-NAME"],
  },
  {
    section: "Resources and their fields > Population (data of the populations read and of retest)",
    text: "| public | boolean |",
    rules: ["POPULATION-FIELD-PUBLIC"],
  },
  {
    section: "Resources and their fields > Population (data of the populations read and of retest)",
    text: "| question_count | integer |",
    rules: ["POPULATION-FIELD-QUESTION-COUNT"],
  },
  {
    section: "Resources and their fields > Population (data of the populations read and of retest)",
    text: "| simulacrum_count | integer |",
    rules: ["POPULATION-FIELD-SIMULACRUM-COUNT"],
  },
  {
    section: "Resources and their fields > Population (data of the populations read and of retest)",
    text: "| status | string |",
    rules: ["POPULATION-FIELD-STATUS"],
  },
  {
    section: "Resources and their fields > Population (data of the populations read and of retest)",
    text: "| average_accuracy | number |",
    rules: ["POPULATION-FIELD-AVERAGE-ACCURACY"],
  },
  {
    section: "Resources and their fields > Population (data of the populations read and of retest)",
    text: "| average_squared_error | number |",
    rules: ["POPULATION-FIELD-AVERAGE-SQUARED-ERROR"],
  },
  {
    section: "Resources and their fields > Population (data of the populations read and of retest)",
    text: "| average_normalised_information_loss | number |",
    rules: ["POPULATION-FIELD-AVERAGE-NORMALISED-INFORMATION-LOSS"],
  },
  {
    section: "Resources and their fields > Population (data of the populations read and of retest)",
    text: "| data_source | string |",
    rules: ["POPULATION-FIELD-DATA-SOURCE"],
  },
  {
    section: "Resources and their fields > Population (data of the populations read and of retest)",
    text: "| description | string |",
    rules: ["POPULATION-FIELD-DESCRIPTION"],
  },
  {
    section: "Resources and their fields > Population (data of the populations read and of retest)",
    text: "| effective_date | string, date |",
    rules: ["POPULATION-FIELD-EFFECTIVE-DATE"],
  },
  {
    section: "Resources and their fields > Population (data of the populations read and of retest)",
    text: "| reality_target | string |",
    rules: ["POPULATION-FIELD-REALITY-TARGET"],
  },
  {
    section: "Resources and their fields > Population (data of the populations read and of retest)",
    text: "| simulation_engine | string |",
    rules: ["POPULATION-FIELD-SIMULATION-ENGINE"],
  },
  {
    section: "Resources and their fields > Population (data of the populations read and of retest)",
    text: "| test_started_at, test_finished_at | string, ISO 8601 timestamps |",
    rules: ["POPULATION-FIELD-TIMESTAMPS"],
  },
  {
    section: "Resources and their fields > Population (data of the populations read and of retest)",
    text: "| upload_filename | string |",
    rules: ["POPULATION-FIELD-UPLOAD-FILENAME"],
  },
  {
    section: "Resources and their fields > Population (data of the populations read and of retest)",
    text: "Which fields of Answer, Prediction and Population are required or nullable: not shown.",
    none: "not shown",
  },
  // States and transitions > Simulation status
  {
    section: "States and transitions > Simulation status",
    text: "| (none) | create simulation | valid request | `planning` | returns immediately; plan generated in the background; title is set automatically when the plan is generated |",
    rules: ["SIM-CREATE-PLANNING", "SIM-PLANNING-TO-PLANNED", "SIM-TITLE-AUTO"],
  },
  {
    section: "States and transitions > Simulation status",
    text: "| `planning` | plan generation finishes | | `planned` | caller polls get-simulation until `planned` |",
    rules: ["SIM-PLANNING-TO-PLANNED"],
  },
  {
    section: "States and transitions > Simulation status",
    text: "| `planned` | edit plan | | `planned` | plan fields replaced as given |",
    rules: ["PLAN-EDIT-PLANNED", "PLAN-EDIT-REPLACES"],
  },
  {
    section: "States and transitions > Simulation status",
    text: "| `planned` | run | | `running` | background execution starts |",
    rules: ["SIM-RUN-RUNNING"],
    implies: ["SIM-RUN-200-PLANNED"],
  },
  {
    section: "States and transitions > Simulation status",
    text: "| `running` | execution finishes | | `completed` | synthesis, markdown and results become available on get-simulation |",
    rules: ["SIM-RUNNING-TO-COMPLETED", "SIM-COMPLETED-OUTPUTS"],
  },
  {
    section: "States and transitions > Simulation status",
    text: "Rules tied to states:",
    none: "introduces the list below",
  },
  {
    section: "States and transitions > Simulation status",
    text: "Plan editing applies while the simulation is `planned`.",
    rules: ["PLAN-EDIT-PLANNED", "PLAN-EDIT-REFUSED-NOT-PLANNED"],
  },
  {
    section: "States and transitions > Simulation status",
    text: "Run applies to a `planned` simulation.",
    rules: ["SIM-RUN-REFUSED-NOT-PLANNED"],
    implies: ["SIM-RUN-200-PLANNED"],
  },
  {
    section: "States and transitions > Simulation status",
    text: "Delete is refused with 409 while the simulation is `planning` or `running`.",
    rules: ["SIM-DELETE-409-PLANNING", "SIM-DELETE-409-RUNNING"],
    implies: ["SIM-DELETE-204"],
  },
  {
    section: "States and transitions > Simulation status",
    text: "Move into a project is allowed only when the simulation has no project yet; anything else returns 409.",
    rules: ["SIM-MOVE-409-HAS-PROJECT"],
    implies: ["SIM-MOVE-200-NO-PROJECT"],
  },
  {
    section: "States and transitions > Simulation status",
    text: "Other simulation states (for instance a failed one) and the condition under which a run fails: not shown.",
    none: "not shown",
  },
  // States and transitions > Round synthesis status
  {
    section: "States and transitions > Round synthesis status",
    text: "| any | regenerate synthesis | `generating` | runs in the background; rewrites the synthesis from every completed simulation in the round; replaces it entirely, including edits made in the web app |",
    rules: ["SYNTH-REGENERATE", "SYNTH-COVERS-COMPLETED", "SYNTH-REPLACES"],
  },
  {
    section: "States and transitions > Round synthesis status",
    text: "| `generating` | generation ends | `completed` or `failed` | on failure `synthesis_error` is set; caller polls the project until `synthesis_status` is no longer `generating` |",
    rules: ["SYNTH-SETTLES", "SYNTH-ERROR-ON-FAILURE"],
  },
  {
    section: "States and transitions > Round synthesis status",
    text: "`synthesis_stale` is true when completed simulations in the round are not covered by the current synthesis.",
    rules: ["SYNTH-STALE"],
  },
  // States and transitions > Answer and population status
  {
    section: "States and transitions > Answer and population status",
    text: "The status field is a string on answers and populations.",
    rules: ["ANSWER-FIELD-STATUS", "POPULATION-FIELD-STATUS"],
  },
  {
    section: "States and transitions > Answer and population status",
    text: "Allowed values and the moves between them: Transitions: not shown.",
    none: "not shown",
  },
  // Endpoints
  {
    section: "Endpoints",
    text: "Every endpoint accepts an optional request header `authorization` (string).",
    rules: ["AUTH-OPTIONAL-HEADER"],
  },
  { section: "Endpoints", text: "Path parameters named `*_id` are uuids unless stated.", rules: ["PATH-ID-UUID"] },
  {
    section: "Endpoints",
    text: "Success codes are listed; 422 applies to any request that fails validation (body shape above).",
    rules: ["STATUS-CODES-AS-LISTED", "VALIDATION-422"],
  },
  {
    section: "Endpoints",
    text: "Bodies of successful responses are described where the interface gives their shape.",
    none: "says where shapes are given",
  },
  // Endpoints > User models and schema
  {
    section: "Endpoints > User models and schema",
    text: "| GET | /v1/user-models | none | 200: list of user models visible to the caller (own organisation's and public), with accuracy and metadata |",
    rules: ["USER-MODELS-LIST", "USER-MODEL-OWNED-BY-ORG"],
  },
  {
    section: "Endpoints > User models and schema",
    text: "| GET | /v1/simulation-schema | query: `mode` (string, required, `research` or `journey`); `goal` (string, optional) | 200: without `goal`, the list of goals of the mode; with `goal`, the input schema of that goal |",
    rules: ["SCHEMA-GOALS-LIST", "SCHEMA-GOAL-INPUTS", "SCHEMA-MODE-REQUIRED", "SCHEMA-MODE-VALUES"],
  },
  {
    section: "Endpoints > User models and schema",
    text: "The content of goal lists and goal input schemas (which goals exist, which input ids and types): not shown.",
    none: "not shown",
  },
  // Endpoints > Simulations
  {
    section: "Endpoints > Simulations",
    text: "| GET | /v1/simulations | query: `status_filter` (string, optional), `limit` (integer, default 20), `project_id` (uuid, optional) | 200: the caller's simulations, newest first |",
    rules: [
      "SIM-LIST-OWN",
      "SIM-LIST-NEWEST-FIRST",
      "SIM-LIST-STATUS-FILTER",
      "SIM-LIST-LIMIT",
      "SIM-LIST-LIMIT-DEFAULT-20",
      "SIM-LIST-PROJECT-FILTER",
    ],
  },
  {
    section: "Endpoints > Simulations",
    text: "| POST | /v1/simulations | body `CreateSimulationBody` (below) | 201: the new simulation in status `planning` |",
    rules: ["SIM-CREATE-201", "SIM-CREATE-PLANNING"],
  },
  {
    section: "Endpoints > Simulations",
    text: "| GET | /v1/simulations/{simulation_id} | none | 200: the simulation; progress while running; synthesis, markdown and results once completed |",
    rules: ["SIM-GET", "SIM-RUNNING-PROGRESS", "SIM-COMPLETED-OUTPUTS"],
  },
  {
    section: "Endpoints > Simulations",
    text: "| PATCH | /v1/simulations/{simulation_id} | body: `project_id` (uuid, required) | 200 |",
    rules: ["SIM-MOVE-200-NO-PROJECT", "SIM-MOVE-PROJECT-REQUIRED"],
  },
  {
    section: "Endpoints > Simulations",
    text: "| DELETE | /v1/simulations/{simulation_id} | none | 204, no body |",
    rules: ["SIM-DELETE-204"],
  },
  {
    section: "Endpoints > Simulations",
    text: "| PATCH | /v1/simulations/{simulation_id}/plan | body: Plan fields, all optional | 200 |",
    rules: ["PLAN-EDIT-PLANNED", "PLAN-FIELDS-OPTIONAL"],
  },
  {
    section: "Endpoints > Simulations",
    text: "| POST | /v1/simulations/{simulation_id}/run | none | 200 |",
    rules: ["SIM-RUN-200-PLANNED"],
  },
  {
    section: "Endpoints > Simulations",
    text: "| POST | /v1/simulations/{simulation_id}/share | none | 200: makes the simulation publicly viewable and returns its shareable URL |",
    rules: ["SIM-SHARE"],
  },
  { section: "Endpoints > Simulations", text: "`CreateSimulationBody`:", none: "introduces the table below" },
  {
    section: "Endpoints > Simulations",
    text: "| mode | string | yes | `research` or `journey` |",
    rules: ["SIM-CREATE-MODE-REQUIRED", "SIM-CREATE-MODE-VALUES"],
  },
  {
    section: "Endpoints > Simulations",
    text: "| goal | string | yes | goal id within the mode |",
    rules: ["SIM-CREATE-GOAL-REQUIRED"],
  },
  {
    section: "Endpoints > Simulations",
    text: "| inputs | object (free-form) | no | keyed by the goal's input ids |",
    rules: ["SIM-CREATE-INPUTS-OBJECT"],
  },
  {
    section: "Endpoints > Simulations",
    text: "| user_model_ids | array of uuid | yes | one or more; several give results segmented by user model |",
    rules: ["SIM-CREATE-USER-MODELS-REQUIRED", "SIM-CREATE-USER-MODELS-SEVERAL"],
  },
  { section: "Endpoints > Simulations", text: "| title | string or null | no | |", rules: ["SIM-CREATE-TITLE"] },
  {
    section: "Endpoints > Simulations",
    text: "| project_id | uuid or null | no | adds the simulation to the project; it joins round_id, or the project's latest round (round 1 created if none exists) |",
    rules: ["SIM-CREATE-PROJECT-ROUND-1", "SIM-CREATE-PROJECT-LATEST-ROUND", "SIM-CREATE-ROUND-ID"],
  },
  {
    section: "Endpoints > Simulations",
    text: "| round_id | uuid or null | no | round of project_id; defaults to the project's latest round |",
    rules: ["SIM-CREATE-ROUND-ID", "SIM-CREATE-PROJECT-LATEST-ROUND"],
  },
  {
    section: "Endpoints > Simulations",
    text: "| context_id | uuid or null | no | context to plan against; defaults to the caller's most recently updated context, else the organisation's; a simulation in a project plans against the project's context, so omit it with project_id unless it names that same context |",
    rules: ["SIM-CREATE-CONTEXT-ID", "SIM-CREATE-CONTEXT-SAME-AS-PROJECT"],
  },
  {
    section: "Endpoints > Simulations",
    text: "| survey_design | SurveyDesign or null | no | research mode only; fixes which questions are asked; omit to let the question writer decide |",
    rules: ["SD-OPTIONAL"],
    implies: ["SD-400-JOURNEY"],
  },
  { section: "Endpoints > Simulations", text: "Rules:", none: "introduces the list below" },
  {
    section: "Endpoints > Simulations",
    text: "Create with `project_id` is refused with 409 while the in-app planner is mid-turn on that project.",
    rules: ["SIM-CREATE-409-PLANNER-TURN"],
  },
  { section: "Endpoints > Simulations", text: "A malformed `survey_design` gives 422.", rules: ["SD-MALFORMED-422"] },
  {
    section: "Endpoints > Simulations",
    text: "A well-formed `survey_design` that cannot be used (journey mode, nothing to ask, too many questions) gives 400.",
    rules: ["SD-400-JOURNEY", "SD-400-NOTHING-TO-ASK", "SD-400-TOO-MANY"],
  },
  {
    section: "Endpoints > Simulations",
    text: "Delete discards the simulation with its plan and results; it cannot be undone.",
    rules: ["SIM-DELETE-DISCARDS"],
  },
  {
    section: "Endpoints > Simulations",
    text: "Move joins the project's latest round; an empty project gets a first round created.",
    rules: ["SIM-MOVE-LATEST-ROUND", "SIM-MOVE-ROUND-1"],
  },
  // Endpoints > Projects and rounds
  {
    section: "Endpoints > Projects and rounds",
    text: "| GET | /v1/projects | none | 200: projects visible to the caller, most recently active first |",
    rules: ["PROJECT-LIST-VISIBLE", "PROJECT-LIST-ACTIVE-FIRST"],
  },
  {
    section: "Endpoints > Projects and rounds",
    text: "| POST | /v1/projects | optional body: `name` (string or null, default `New project`), `context_id` (uuid or null; defaults to the most recently updated context, else the organisation's) | 201 |",
    rules: ["PROJECT-CREATE-201", "PROJECT-NAME-DEFAULT", "PROJECT-CONTEXT-DEFAULT", "PROJECT-CREATE-NO-BODY"],
  },
  {
    section: "Endpoints > Projects and rounds",
    text: "| GET | /v1/projects/{project_id} | none | 200: the project with its rounds (artefact_name, artefact_type, simulations, synthesis, synthesis_status, synthesis_error, synthesis_stale) |",
    rules: ["PROJECT-GET-ROUNDS", "ROUND-FIELDS"],
  },
  {
    section: "Endpoints > Projects and rounds",
    text: "| PATCH | /v1/projects/{project_id} | body: `name` (string, required, 1 to 200 chars) | 200; caller must own the project |",
    rules: ["PROJECT-RENAME", "PROJECT-RENAME-LENGTH", "PROJECT-RENAME-OWNER"],
  },
  {
    section: "Endpoints > Projects and rounds",
    text: "| POST | /v1/projects/{project_id}/rounds | optional body: `title` (string or null) | 201; refused when the latest round has no simulations (use that round instead) |",
    rules: ["ROUND-CREATE-201", "ROUND-CREATE-REFUSED-EMPTY"],
  },
  {
    section: "Endpoints > Projects and rounds",
    text: "| PATCH | /v1/projects/{project_id}/rounds/{round_id} | body: `title` (string, required, 1 to 200 chars) | 200 |",
    rules: ["ROUND-RENAME", "ROUND-RENAME-LENGTH"],
  },
  {
    section: "Endpoints > Projects and rounds",
    text: "| POST | /v1/projects/{project_id}/rounds/{round_id}/artefact | body: `name` (string or null, a name for pasted text), `text` (string or null), `url` (string or null, a page to read from) | 200 |",
    rules: ["ARTEFACT-TEXT", "ARTEFACT-URL"],
  },
  {
    section: "Endpoints > Projects and rounds",
    text: "| POST | /v1/projects/{project_id}/rounds/{round_id}/artefact/file | multipart/form-data: `file` (binary, required; pdf, docx, md or txt, 10 MB max) | 200 |",
    rules: ["ARTEFACT-FILE", "ARTEFACT-FILE-TYPES", "ARTEFACT-FILE-SIZE", "ARTEFACT-FILE-REQUIRED"],
  },
  {
    section: "Endpoints > Projects and rounds",
    text: "| POST | /v1/projects/{project_id}/rounds/{round_id}/synthesis | none | 200; starts background regeneration |",
    rules: ["SYNTH-REGENERATE"],
  },
  {
    section: "Endpoints > Projects and rounds",
    text: "Which combinations of name, text and url are valid for the artefact body, and the status code of a refused start-round: not shown.",
    none: "not shown",
  },
  // Endpoints > Contexts
  {
    section: "Endpoints > Contexts",
    text: "| GET | /v1/context | none | 200: the default context (caller's most recently updated, else organisation's), or an object with `has_context: false` |",
    rules: ["CONTEXT-DEFAULT", "CONTEXT-DEFAULT-NONE"],
  },
  {
    section: "Endpoints > Contexts",
    text: "| GET | /v1/contexts | none | 200: contexts the caller can plan against (own and organisation's), most recently updated first |",
    rules: ["CONTEXT-LIST", "CONTEXT-LIST-UPDATED-FIRST"],
  },
  {
    section: "Endpoints > Contexts",
    text: "| POST | /v1/contexts | body: `name` (string, required), `body` (string, required, markdown) | 201 |",
    rules: ["CONTEXT-CREATE", "CONTEXT-CREATE-FIELDS-REQUIRED"],
  },
  {
    section: "Endpoints > Contexts",
    text: "| GET | /v1/contexts/{context_id} | none | 200: one context with its full text |",
    rules: ["CONTEXT-GET-FULL-TEXT"],
  },
  // Endpoints > Answers, predictions, populations
  {
    section: "Endpoints > Answers, predictions, populations",
    text: "| GET | /v1/answers/{answer_id} | path: uuid | 200: envelope with `data` = Answer |",
    rules: ["ANSWER-READ-ENVELOPE"],
  },
  {
    section: "Endpoints > Answers, predictions, populations",
    text: "| GET | /v1/predictions/{prediction_id} | path: uuid | 200: envelope with `data` = Prediction |",
    rules: ["PREDICTION-READ-ENVELOPE"],
  },
  {
    section: "Endpoints > Answers, predictions, populations",
    text: "| GET | /v1/populations/{population_id} | path: uuid | 200: envelope with `data` = Population |",
    rules: ["POPULATION-READ-ENVELOPE"],
  },
  {
    section: "Endpoints > Answers, predictions, populations",
    text: "| POST | /v1/populations/{population_id}/retest | path: string id; no body | 200: envelope with `data` = Population |",
    rules: ["POPULATION-RETEST-ENVELOPE", "RETEST-STRING-ID"],
  },
  {
    section: "Endpoints > Answers, predictions, populations",
    text: "Request bodies and responses of the create operations for predictions and tests, of listing populations, and of the batch reads named under Versioning: not shown.",
    none: "not shown",
  },
  // Authentication
  {
    section: "Authentication",
    text: "Every endpoint takes an optional request header named `authorization` (string).",
    rules: ["AUTH-OPTIONAL-HEADER"],
  },
  { section: "Authentication", text: "The header carries the caller's credential.", rules: ["SCOPE-CALLER"] },
  {
    section: "Authentication",
    text: "Results are scoped to the caller and the caller's organisation (own simulations, own and organisation contexts, own and public user models).",
    rules: [
      "SCOPE-OWN-SIMULATIONS",
      "SCOPE-ORG-CONTEXTS",
      "SCOPE-USER-MODELS",
      "SCOPE-CALLER",
      "SCOPE-CREATE-USER-MODELS",
      "SCOPE-CREATE-CONTEXTS",
    ],
  },
  { section: "Authentication", text: "Format and scheme of the header value: not shown.", none: "not shown" },
  {
    section: "Authentication",
    text: "How credentials are issued, and the response when the header is missing or invalid: not shown.",
    none: "not shown",
  },
  // Events
  {
    section: "Events",
    text: "The service is used by polling: get-simulation until the status is `completed` (after `planned` for planning), and get-project until `synthesis_status` is not `generating`.",
    rules: ["SIM-PLANNING-TO-PLANNED", "SIM-RUNNING-TO-COMPLETED", "SYNTH-SETTLES"],
  },
  { section: "Events", text: "Webhooks or any other event delivery: not shown.", none: "not shown" },
  // Errors
  {
    section: "Errors",
    text: "| 400 | a well-formed `survey_design` that cannot be used (journey mode, nothing to ask, too many questions) |",
    rules: ["SD-400-JOURNEY", "SD-400-NOTHING-TO-ASK", "SD-400-TOO-MANY"],
  },
  {
    section: "Errors",
    text: "| 409 | create a simulation in a project while the in-app planner is mid-turn on that project |",
    rules: ["SIM-CREATE-409-PLANNER-TURN"],
  },
  {
    section: "Errors",
    text: "| 409 | delete a simulation that is `planning` or `running` |",
    rules: ["SIM-DELETE-409-PLANNING", "SIM-DELETE-409-RUNNING"],
  },
  {
    section: "Errors",
    text: "| 409 | move a simulation that already has a project, or any other disallowed move |",
    rules: ["SIM-MOVE-409-HAS-PROJECT"],
  },
  {
    section: "Errors",
    text: "| 422 | malformed or missing request field; body is the validation error body (`detail` array of `loc`, `msg`, `type`) |",
    rules: ["VALIDATION-422", "VALIDATION-422-BODY"],
  },
  {
    section: "Errors",
    text: "The envelope-based endpoints return errors as an `errors` array of objects with `code` and `message`.",
    rules: ["ENVELOPE-ERROR-OBJECT"],
  },
  { section: "Errors", text: "The set of `code` values: not shown.", none: "not shown" },
  {
    section: "Errors",
    text: "Bodies of 400 and 409 responses, and status codes for missing resources or unauthorised access: not shown.",
    none: "not shown",
  },
  // Limits
  { section: "Limits", text: "| File size | artefact file upload | 10 MB maximum |", rules: ["ARTEFACT-FILE-SIZE"] },
  {
    section: "Limits",
    text: "| File types | artefact file upload | pdf, docx, md, txt |",
    rules: ["ARTEFACT-FILE-TYPES"],
  },
  {
    section: "Limits",
    text: "| Project name length | rename project | 1 to 200 characters |",
    rules: ["PROJECT-RENAME-LENGTH"],
  },
  {
    section: "Limits",
    text: "| Round title length | rename round | 1 to 200 characters |",
    rules: ["ROUND-RENAME-LENGTH"],
  },
  { section: "Limits", text: "| Items per item set | survey_design | at least 2 |", rules: ["SD-ITEMS-MIN-2"] },
  { section: "Limits", text: "| Scale labels | item set scale | 2 to 7 |", rules: ["SD-SCALE-2-TO-7"] },
  { section: "Limits", text: "| Answer options | custom question | 2 to 10 |", rules: ["SD-CUSTOM-OPTIONS-2-TO-10"] },
  {
    section: "Limits",
    text: "| Default page size | list simulations `limit` | 20 |",
    rules: ["SIM-LIST-LIMIT-DEFAULT-20"],
  },
  { section: "Limits", text: "Rate limits: not shown.", none: "not shown" },
  {
    section: "Limits",
    text: "Maximum of `limit`, and the maximum number of questions in a survey design: not shown.",
    none: "not shown",
  },
  // Versioning
  { section: "Versioning", text: "The path prefix is `/v1`.", rules: ["PATH-PREFIX-V1"] },
  {
    section: "Versioning",
    text: "The interface description is labelled version v1.0.0; a release line labelled API v1.1.0 is also named.",
    none: "version labels, no behaviour",
  },
  {
    section: "Versioning",
    text: "Earlier names remain accepted but are deprecated.",
    rules: ["DEPRECATED-ACCEPTED", "DEPRECATED-MARKED"],
  },
  { section: "Versioning", text: "Old and new names:", none: "introduces the table below" },
  { section: "Versioning", text: "| POST /answers | POST /predictions |", rules: ["DEPRECATED-ANSWERS-ROUTE"] },
  { section: "Versioning", text: "| POST /answers/benchmark | POST /tests |", rules: ["DEPRECATED-BENCHMARK-ROUTE"] },
  {
    section: "Versioning",
    text: "| field simulated_answer_percentages | predicted_answer_percentages |",
    rules: ["ANSWER-FIELD-SIMULATED-ANSWER-PERCENTAGES"],
  },
  {
    section: "Versioning",
    text: "| field kullback_leibler_divergence | information_loss |",
    rules: ["DEPRECATED-KL-NAME"],
  },
  {
    section: "Versioning",
    text: "Further operations named: GET /populations (list population models) and GET /predictions/batch/{batch_id} and GET /tests/batch/{batch_id} (fetch batch details).",
    rules: ["OPERATIONS-NAMED"],
  },
  { section: "Versioning", text: "A batch groups predictions under a name and description.", rules: ["BATCH-GROUPS"] },
  { section: "Versioning", text: "Dates at which deprecated names are removed: not shown.", none: "not shown" },
];

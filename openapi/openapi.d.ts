/**
 * Types of the Behaviour Simulation Service API as bss-mock documents it, for openapi-fetch:
 *
 *   import createClient from "openapi-fetch";
 *   import type { paths } from "bss-mock/client";
 *   const api = createClient<paths>({ baseUrl: "http://127.0.0.1:4010" });
 *
 * `error` is the union of every refusal an operation can give: narrow it (a 500 is the text "Internal Server
 * Error"; a 422's `detail` is a list, any other refusal's a string) before reading it as one body. Generated from
 * bss-mock's OpenAPI document (bss-mock/openapi.json): do not edit.
 */

export interface paths {
    "/v1/user-models": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the user models visible to the caller (the organisation's own and public ones) */
        get: operations["list_user_models_v1_user_models_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/simulation-schema": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The goals of a mode, or with goal the input schema of that goal */
        get: operations["simulation_schema_v1_simulation_schema_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/simulations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the caller's simulations, newest first */
        get: operations["list_simulations_v1_simulations_get"];
        put?: never;
        /** Create a simulation; it returns at once in status planning */
        post: operations["create_simulation_v1_simulations_post"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/simulations/{simulation_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read a simulation (progress while running; synthesis, markdown and results once completed) */
        get: operations["get_simulation_v1_simulations__simulation_id__get"];
        put?: never;
        post?: never;
        /** Delete a simulation with its plan and results */
        delete: operations["delete_simulation_v1_simulations__simulation_id__delete"];
        options?: never;
        head?: never;
        /** Move a simulation into a project (joins its latest round) */
        patch: operations["move_simulation_v1_simulations__simulation_id__patch"];
        trace?: never;
    };
    "/v1/simulations/{simulation_id}/plan": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Edit the plan of a planned simulation (fields given replace, null clears) */
        patch: operations["update_plan_v1_simulations__simulation_id__plan_patch"];
        trace?: never;
    };
    "/v1/simulations/{simulation_id}/run": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Run a planned simulation in the background */
        post: operations["run_simulation_v1_simulations__simulation_id__run_post"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/simulations/{simulation_id}/share": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Make a simulation publicly viewable and return its shareable URL */
        post: operations["share_simulation_v1_simulations__simulation_id__share_post"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/public/simulations/{simulation_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The read-only share page of a shared simulation (HTML, or JSON with Accept: application/json)
         * @description Needs no authorization. Only simulations that were shared are reachable here.
         */
        get: operations["public_simulation_v1_public_simulations__simulation_id__get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/projects": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Projects visible to the caller, most recently active first */
        get: operations["list_projects_v1_projects_get"];
        put?: never;
        /** Create a project */
        post: operations["create_project_v1_projects_post"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/projects/{project_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A project with its rounds */
        get: operations["get_project_v1_projects__project_id__get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Rename a project (owner only) */
        patch: operations["rename_project_v1_projects__project_id__patch"];
        trace?: never;
    };
    "/v1/projects/{project_id}/rounds": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Start a new round (refused while the latest round has no simulations) */
        post: operations["create_round_v1_projects__project_id__rounds_post"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/projects/{project_id}/rounds/{round_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Rename a round */
        patch: operations["rename_round_v1_projects__project_id__rounds__round_id__patch"];
        trace?: never;
    };
    "/v1/projects/{project_id}/rounds/{round_id}/artefact": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Attach pasted text or a URL as the round's artefact (replaces any previous one) */
        post: operations["attach_artefact_v1_projects__project_id__rounds__round_id__artefact_post"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/projects/{project_id}/rounds/{round_id}/artefact/file": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Upload a document as the round's artefact (pdf, docx, md or txt; 10 MB max) */
        post: operations["attach_artefact_file_v1_projects__project_id__rounds__round_id__artefact_file_post"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/projects/{project_id}/rounds/{round_id}/synthesis": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Regenerate the round's synthesis in the background */
        post: operations["regenerate_synthesis_v1_projects__project_id__rounds__round_id__synthesis_post"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/context": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The default context (caller's most recently updated, else the organisation's) */
        get: operations["default_context_v1_context_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/contexts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Contexts the caller can plan against, most recently updated first */
        get: operations["list_contexts_v1_contexts_get"];
        put?: never;
        /** Create a context */
        post: operations["create_context_v1_contexts_post"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/contexts/{context_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One context with its full text */
        get: operations["get_context_v1_contexts__context_id__get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/answers/{answer_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read a tested answer with its metrics */
        get: operations["get_answer_v1_answers__answer_id__get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/answers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a prediction (deprecated: use POST /v1/predictions)
         * @deprecated
         */
        post: operations["create_answer_v1_answers_post"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/answers/benchmark": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Test a prediction against ground truth (deprecated: use POST /v1/tests)
         * @deprecated
         */
        post: operations["create_benchmark_answer_v1_answers_benchmark_post"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/predictions/batch/{batch_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read a batch of predictions */
        get: operations["get_prediction_batch_v1_predictions_batch__batch_id__get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/predictions/{prediction_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read a prediction */
        get: operations["get_prediction_v1_predictions__prediction_id__get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/predictions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Predict how a population answers a question
         * @description Without batch_id a new batch is made, named by batch_name or automatically.
         */
        post: operations["create_prediction_v1_predictions_post"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tests": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Predict a question and score the prediction against real answer counts
         * @description The keys of ground_answer_counts must be exactly answer_options and add up to more than 0 (else 400). Without batch_id a new batch is made.
         */
        post: operations["create_test_v1_tests_post"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tests/batch/{batch_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read a batch of tested answers */
        get: operations["get_test_batch_v1_tests_batch__batch_id__get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/populations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the populations visible to the caller (public and the organisation's own) */
        get: operations["list_populations_v1_populations_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/populations/{population_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read a population */
        get: operations["get_population_v1_populations__population_id__get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/populations/{population_id}/retest": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Retest a population for the caller's organisation
         * @description Answers with the population in status testing. Once the retest time has passed it reads as ready, with a new test_finished_at and averages over its benchmark answers plus the organisation's own tests that existed when the retest started (a test added later waits for the next retest). Until then, and if the retest fails, the averages and test_finished_at stay those of the last retest that finished.
         */
        post: operations["retest_population_v1_populations__population_id__retest_post"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/healthz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Liveness of the mock */
        get: operations["health_healthz_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/__mock": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** What this mock is: version, seed, options, clock, timing, scenarios and capabilities */
        get: operations["info___mock_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/__mock/reset": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Back to the start: everything (state, clock, journal, scenarios; the demo world is built again), or one organisation */
        post: operations["reset___mock_reset_post"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/__mock/clock": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read the mock's clock */
        get: operations["read_clock___mock_clock_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/__mock/clock/advance": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Move the manual clock: by ms, to the next transition, or until idle (409 with the system clock) */
        post: operations["advance_clock___mock_clock_advance_post"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/__mock/scenarios": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Known scenarios, and which are active for the whole mock and per organisation */
        get: operations["read_scenarios___mock_scenarios_get"];
        /** Replace the active scenarios of the whole mock or of one organisation (counters start afresh) */
        put: operations["put_scenarios___mock_scenarios_put"];
        post?: never;
        /** Clear one organisation's scenarios (?org=, those its callers' x-mock-scenario headers started included), or every scenario; phases they hold are released */
        delete: operations["delete_scenarios___mock_scenarios_delete"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/__mock/requests": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The request journal (API requests with what was answered), oldest first, filtered */
        get: operations["list_requests___mock_requests_get"];
        put?: never;
        post?: never;
        /** Empty the request journal */
        delete: operations["clear_requests___mock_requests_delete"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/__mock/requests/har": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The request journal as HAR 1.2 (credentials redacted), oldest first, filtered: for `bss-mock check` */
        get: operations["requests_har___mock_requests_har_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/__mock/requests/count": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** How many journaled requests match */
        get: operations["count_requests___mock_requests_count_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/__mock/orgs/{org}/contexts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create an organisation context (scope organisation), which the API cannot create */
        post: operations["create_org_context___mock_orgs__org__contexts_post"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/__mock/orgs/{org}/user-models": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create an organisation user model (owned_by_org: true; also readable as a population) */
        post: operations["create_org_user_model___mock_orgs__org__user_models_post"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/__mock/projects/{project_id}/planner-turn": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Start an in-app planner turn on a project: create-in-project and move-into-project give 409 meanwhile */
        post: operations["planner_turn___mock_projects__project_id__planner_turn_post"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/__mock/orgs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The organisations the mock holds anything of (stored with the first thing one of their callers makes) */
        get: operations["list_orgs___mock_orgs_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/__mock/orgs/{org}/resources": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An organisation's simulations (newest first, each with its state timeline) and projects with their rounds, whoever of its callers owns them */
        get: operations["org_resources___mock_orgs__org__resources_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/__mock/coverage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** What the client's requests reached since start or the last reset: operations and statuses, rules, states read, scenarios, and the must-handle answers never reached */
        get: operations["coverage___mock_coverage_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/__mock/simulations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A simulation of a caller in a given status at once: planning as just created; planned, completed or failed as if made minutes ago; running as if planned then and run now */
        post: operations["create_mock_simulation___mock_simulations_post"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        UserModel: {
            /**
             * Format: uuid
             * @description Use it as an element of user_model_ids; the same id is the population's
             */
            id: string;
            name: string;
            description: string;
            /** @description The population's average accuracy over its tested answers (0 to 1) */
            accuracy: number;
            /** @description Country, age range, sample source and similar facts about the population */
            metadata: {
                [key: string]: unknown;
            };
            /** @description true for the organisation's own models, false for public ones */
            owned_by_org: boolean;
        };
        HTTPValidationError: {
            detail: {
                type: string;
                loc: (string | number)[];
                msg: string;
                input?: unknown;
                ctx?: {
                    [key: string]: unknown;
                };
            }[];
        };
        GoalSummary: {
            id: string;
            name: string;
            description: string;
        };
        GoalInputSchema: {
            /** @enum {string} */
            mode: "research" | "journey";
            goal: string;
            name: string;
            description: string;
            /** @description JSON Schema 2020-12 whose property names are the goal's input ids */
            input_schema: {
                [key: string]: unknown;
            };
        };
        /**
         * @example {
         *       "detail": "Simulation not found"
         *     }
         */
        HTTPError: {
            detail: string;
        };
        /** @description A simulation; its `mode` says which results it carries */
        Simulation: components["schemas"]["ResearchSimulation"] | components["schemas"]["JourneySimulation"];
        ResearchSimulation: {
            /** Format: uuid */
            id: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            mode: "research";
            goal: string;
            inputs: {
                [key: string]: unknown;
            };
            user_model_ids: string[];
            title: string | null;
            /** Format: uuid */
            project_id: string | null;
            /** Format: uuid */
            round_id: string | null;
            /** @enum {string} */
            status: "planning" | "planned" | "running" | "completed" | "failed";
            /** Format: uuid */
            context_id: string | null;
            plan: components["schemas"]["Plan"] | null;
            progress: components["schemas"]["SimulationProgress"] | null;
            synthesis: string | null;
            markdown: string | null;
            /** @description ResearchResults once completed, else null */
            results: components["schemas"]["ResearchResults"] | null;
            error: string | null;
            public: boolean;
            share_url: string | null;
            /**
             * Format: date-time
             * @example 2026-01-01T00:00:00.000Z
             */
            created_at: string;
            /**
             * Format: date-time
             * @example 2026-01-01T00:00:00.000Z
             */
            updated_at: string;
            /**
             * Format: date-time
             * @example 2026-01-01T00:00:00.000Z
             */
            planned_at: string | null;
            /**
             * Format: date-time
             * @example 2026-01-01T00:00:00.000Z
             */
            started_at: string | null;
            /**
             * Format: date-time
             * @example 2026-01-01T00:00:00.000Z
             */
            completed_at: string | null;
        };
        Plan: {
            question_text: string | null;
            hypothesis_text: string | null;
            survey_questions: components["schemas"]["SurveyQuestion"][] | null;
            journey_task: {
                [key: string]: unknown;
            } | null;
        };
        SurveyQuestion: {
            question_text: string;
            question_type: string;
            answer_options: string[] | null;
            insight: string | null;
            variable_name: string | null;
        };
        SimulationProgress: {
            completed: number;
            total: number;
            fraction: number;
        };
        /** @description Results of a completed research simulation */
        ResearchResults: {
            respondents: number;
            segments: {
                /** Format: uuid */
                user_model_id: string;
                name: string;
                respondents: number;
            }[];
            questions: {
                variable_name: string;
                question_text: string;
                question_type: string;
                answer_options: string[];
                /** @description Answer option → share of respondents; sums to 1 over exactly the question's options */
                overall: {
                    [key: string]: number;
                };
                /** @description User model id → distribution */
                by_user_model: {
                    [key: string]: {
                        [key: string]: number;
                    };
                };
                insight: string;
            }[];
        };
        JourneySimulation: {
            /** Format: uuid */
            id: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            mode: "journey";
            goal: string;
            inputs: {
                [key: string]: unknown;
            };
            user_model_ids: string[];
            title: string | null;
            /** Format: uuid */
            project_id: string | null;
            /** Format: uuid */
            round_id: string | null;
            /** @enum {string} */
            status: "planning" | "planned" | "running" | "completed" | "failed";
            /** Format: uuid */
            context_id: string | null;
            plan: components["schemas"]["Plan"] | null;
            progress: components["schemas"]["SimulationProgress"] | null;
            synthesis: string | null;
            markdown: string | null;
            /** @description JourneyResults once completed, else null */
            results: components["schemas"]["JourneyResults"] | null;
            error: string | null;
            public: boolean;
            share_url: string | null;
            /**
             * Format: date-time
             * @example 2026-01-01T00:00:00.000Z
             */
            created_at: string;
            /**
             * Format: date-time
             * @example 2026-01-01T00:00:00.000Z
             */
            updated_at: string;
            /**
             * Format: date-time
             * @example 2026-01-01T00:00:00.000Z
             */
            planned_at: string | null;
            /**
             * Format: date-time
             * @example 2026-01-01T00:00:00.000Z
             */
            started_at: string | null;
            /**
             * Format: date-time
             * @example 2026-01-01T00:00:00.000Z
             */
            completed_at: string | null;
        };
        /** @description Results of a completed journey simulation */
        JourneyResults: {
            sessions: number;
            steps: string[];
            by_user_model: {
                /** Format: uuid */
                user_model_id: string;
                name: string;
                sessions: number;
                task_success_rate: number;
                median_steps: number;
                median_time_on_task_seconds: number;
                drop_off_by_step: {
                    step: string;
                    reached: number;
                    dropped: number;
                }[];
                common_paths: {
                    path: string[];
                    share: number;
                }[];
                friction_points: {
                    step: string;
                    issue: string;
                    quote: string;
                    participant: string;
                }[];
                /** @description First-impression tests only: what the sessions noticed first, took the page for, trusted and would click next; each list's shares sum to 1 */
                impressions?: {
                    median_attention_seconds: number;
                    noticed_first: {
                        element: string;
                        share: number;
                    }[];
                    understood_as: {
                        answer: string;
                        correct: boolean;
                        share: number;
                    }[];
                    trust: {
                        level: string;
                        share: number;
                    }[];
                    next_click: {
                        target: string;
                        intended: boolean;
                        share: number;
                    }[];
                    /** @description Each question of the test (the team's own, or what the page offers and who it is for) with the share of all sessions that could answer it from the first screen; everyone is asked every question */
                    answers: {
                        question: string;
                        answered: number;
                        /** @description A yes-or-no question of the team's own only: what all sessions answered ("Yes", "Partly", "No", or "Could not tell from the first screen"), shares summing to 1 */
                        replies?: {
                            answer: string;
                            share: number;
                        }[];
                    }[];
                };
            }[];
        };
        CreateSimulationBody: {
            /** @enum {string} */
            mode: "research" | "journey";
            /** @description Goal id within the mode (see /v1/simulation-schema) */
            goal: string;
            /**
             * @description Answers keyed by the goal's input ids
             * @default {}
             */
            inputs?: {
                [key: string]: unknown;
            };
            user_model_ids: string[];
            title?: string | null;
            /** Format: uuid */
            project_id?: string | null;
            /** Format: uuid */
            round_id?: string | null;
            /** Format: uuid */
            context_id?: string | null;
            survey_design?: components["schemas"]["SurveyDesign"] | null;
        };
        SurveyDesign: {
            stimulus?: string | null;
            item_sets?: components["schemas"]["ItemSet"][];
            custom_questions?: components["schemas"]["CustomQuestion"][];
        };
        ItemSet: {
            /** @description What is asked about every item */
            ask: string;
            items: string[];
            /** @description Least to most favourable; one is chosen for the set when omitted */
            scale?: string[] | null;
        };
        CustomQuestion: {
            /** @description Used exactly as written */
            question_text: string;
            /** @description Distinct options (a repeated option is refused with 400) */
            answer_options?: string[] | null;
        };
        MoveSimulationBody: {
            /** Format: uuid */
            project_id: string;
        };
        PlanUpdate: {
            question_text?: string | null;
            hypothesis_text?: string | null;
            survey_questions?: components["schemas"]["SurveyQuestionIn"][] | null;
            journey_task?: {
                [key: string]: unknown;
            } | null;
        };
        SurveyQuestionIn: {
            question_text: string;
            /**
             * @description single_choice (one option each), ranking (the share ranking each option first) or open_text (answers coded into the options as themes); another type is refused with 400
             * @default single_choice
             */
            question_type?: "single_choice" | "ranking" | "open_text";
            /** @description At least 2 distinct, non-empty labels, exactly what is answered (a repeated option, or null, is refused with 400) */
            answer_options?: string[] | null;
            insight?: string | null;
            variable_name?: string | null;
        };
        ShareResponse: {
            /** Format: uri */
            url: string;
        };
        Project: {
            /** Format: uuid */
            id: string;
            name: string;
            /** Format: uuid */
            context_id: string | null;
            /** Format: uuid */
            owner_id: string;
            /**
             * Format: date-time
             * @example 2026-01-01T00:00:00.000Z
             */
            created_at: string;
            /**
             * Format: date-time
             * @example 2026-01-01T00:00:00.000Z
             */
            updated_at: string;
            /**
             * Format: date-time
             * @example 2026-01-01T00:00:00.000Z
             */
            last_active_at: string;
        };
        CreateProjectBody: {
            /** @description Defaults to 'New project' (also when empty) */
            name?: string | null;
            /** Format: uuid */
            context_id?: string | null;
        };
        ProjectWithRounds: {
            /** Format: uuid */
            id: string;
            name: string;
            /** Format: uuid */
            context_id: string | null;
            /** Format: uuid */
            owner_id: string;
            /**
             * Format: date-time
             * @example 2026-01-01T00:00:00.000Z
             */
            created_at: string;
            /**
             * Format: date-time
             * @example 2026-01-01T00:00:00.000Z
             */
            updated_at: string;
            /**
             * Format: date-time
             * @example 2026-01-01T00:00:00.000Z
             */
            last_active_at: string;
            rounds: components["schemas"]["Round"][];
        };
        Round: {
            /** Format: uuid */
            id: string;
            number: number;
            title: string;
            artefact_name: string | null;
            /** @enum {string|null} */
            artefact_type: "text" | "url" | "file" | null;
            /** @description The caller's own simulations in the round. A colleague's simulation in the organisation's project is not the caller's to open, so it is not listed, though the round's title and synthesis cover it. */
            simulations: components["schemas"]["RoundSimulation"][];
            synthesis: string | null;
            /** @enum {string|null} */
            synthesis_status: "generating" | "completed" | "failed" | null;
            synthesis_error: string | null;
            synthesis_stale: boolean;
            /**
             * Format: date-time
             * @example 2026-01-01T00:00:00.000Z
             */
            created_at: string;
        };
        RoundSimulation: {
            /** Format: uuid */
            id: string;
            title: string | null;
            /** @enum {string} */
            status: "planning" | "planned" | "running" | "completed" | "failed";
            /** @enum {string} */
            mode: "research" | "journey";
            goal: string;
        };
        RenameProjectBody: {
            name: string;
        };
        CreateRoundBody: {
            /** @description Without one (or empty) the title is automatic */
            title?: string | null;
        };
        RenameRoundBody: {
            title: string;
        };
        /** @description Exactly one of text (with an optional name) or url. */
        ArtefactBody: {
            /** @description A name for pasted text */
            name?: string | null;
            text?: string | null;
            /** @description An http(s) page to read from */
            url?: string | null;
        } & ({
            text: string;
        } | {
            url: string;
        });
        DefaultContext: {
            /** Format: uuid */
            id: string;
            name: string;
            /** @enum {string} */
            scope: "user" | "organisation";
            /** Format: uuid */
            owner_id: string;
            /**
             * Format: date-time
             * @example 2026-01-01T00:00:00.000Z
             */
            created_at: string;
            /**
             * Format: date-time
             * @example 2026-01-01T00:00:00.000Z
             */
            updated_at: string;
            body: string;
            /** @enum {boolean} */
            has_context: true;
        } | {
            /** @enum {boolean} */
            has_context: false;
        };
        ContextSummary: {
            /** Format: uuid */
            id: string;
            name: string;
            /** @enum {string} */
            scope: "user" | "organisation";
            /** Format: uuid */
            owner_id: string;
            /**
             * Format: date-time
             * @example 2026-01-01T00:00:00.000Z
             */
            created_at: string;
            /**
             * Format: date-time
             * @example 2026-01-01T00:00:00.000Z
             */
            updated_at: string;
        };
        Context: {
            /** Format: uuid */
            id: string;
            name: string;
            /** @enum {string} */
            scope: "user" | "organisation";
            /** Format: uuid */
            owner_id: string;
            /**
             * Format: date-time
             * @example 2026-01-01T00:00:00.000Z
             */
            created_at: string;
            /**
             * Format: date-time
             * @example 2026-01-01T00:00:00.000Z
             */
            updated_at: string;
            body: string;
        };
        CreateContextBody: {
            /** @description Short name, for example the product's name */
            name: string;
            /** @description Markdown: what the organisation or product is, users, competitors, pricing */
            body: string;
        };
        AnswerResponse: {
            data: components["schemas"]["Answer"];
            errors: components["schemas"]["ErrorObject"][] | null;
        };
        Answer: {
            /** Format: uuid */
            id: string;
            /**
             * Format: date-time
             * @example 2026-01-01T00:00:00.000Z
             */
            created_at: string;
            /** Format: uuid */
            population: string;
            population_name: string;
            /** @example ready */
            status: string;
            question: string;
            /** @description 1 - 0.5 * sum |p - g| */
            accuracy: number;
            /** @description sum (p - g)^2 */
            squared_error: number;
            /** @description sqrt(squared_error / k) */
            root_mean_squared_error: number;
            /**
             * @deprecated
             * @description Deprecated name of predicted_answer_percentages
             * @example {
             *       "Yes": 0.62,
             *       "No": 0.38
             *     }
             */
            simulated_answer_percentages: {
                [key: string]: number;
            };
            /**
             * @description Answer option -> fraction (0 to 1); the fractions add up to 1
             * @example {
             *       "Yes": 0.62,
             *       "No": 0.38
             *     }
             */
            predicted_answer_percentages: {
                [key: string]: number;
            };
            /** @description sum g ln(g / p), natural log, p floored at 1e-6 */
            information_loss: number;
            /** @description information_loss / ln(k) */
            normalised_information_loss: number;
            /** Format: uuid */
            batch: string;
            /**
             * Format: date-time
             * @example 2026-01-01T00:00:00.000Z
             */
            prediction_started_at: string;
            /**
             * Format: date-time
             * @example 2026-01-01T00:00:00.000Z
             */
            prediction_finished_at: string;
            /**
             * Format: date-time
             * @example 2026-01-01T00:00:00.000Z
             */
            test_started_at: string;
            /**
             * Format: date-time
             * @example 2026-01-01T00:00:00.000Z
             */
            test_finished_at: string;
            /**
             * @description Answer option -> respondents
             * @example {
             *       "Yes": 612,
             *       "No": 388
             *     }
             */
            ground_answer_counts: {
                [key: string]: number;
            };
            /**
             * @description Answer option -> fraction (0 to 1); the fractions add up to 1
             * @example {
             *       "Yes": 0.62,
             *       "No": 0.38
             *     }
             */
            ground_answer_percentages: {
                [key: string]: number;
            };
            simulation_engine: string;
            public: boolean;
            answer_options: string[];
            question_options: components["schemas"]["QuestionOptions"];
        };
        QuestionOptions: {
            /** @example single-choice */
            question_type: string;
        };
        /**
         * @example {
         *       "code": "not_found",
         *       "message": "Population not found"
         *     }
         */
        ErrorObject: {
            code: string;
            message: string;
        };
        EnvelopeError: {
            data: null;
            errors: components["schemas"]["ErrorObject"][];
        };
        PredictionResponse: {
            data: components["schemas"]["Prediction"];
            errors: components["schemas"]["ErrorObject"][] | null;
        };
        Prediction: {
            /** Format: uuid */
            id: string;
            /**
             * Format: date-time
             * @example 2026-01-01T00:00:00.000Z
             */
            created_at: string;
            /** Format: uuid */
            population: string;
            population_name: string;
            /** @example ready */
            status: string;
            question: string;
            /**
             * @deprecated
             * @description Deprecated name of predicted_answer_percentages
             * @example {
             *       "Yes": 0.62,
             *       "No": 0.38
             *     }
             */
            simulated_answer_percentages: {
                [key: string]: number;
            };
            /**
             * @description Answer option -> fraction (0 to 1); the fractions add up to 1
             * @example {
             *       "Yes": 0.62,
             *       "No": 0.38
             *     }
             */
            predicted_answer_percentages: {
                [key: string]: number;
            };
            /** Format: uuid */
            batch: string;
            /**
             * Format: date-time
             * @example 2026-01-01T00:00:00.000Z
             */
            prediction_started_at: string;
            /**
             * Format: date-time
             * @example 2026-01-01T00:00:00.000Z
             */
            prediction_finished_at: string;
            simulation_engine: string;
            public: boolean;
            answer_options: string[];
            question_options: components["schemas"]["QuestionOptions"];
        };
        CreatePredictionBody: {
            /** Format: uuid */
            population_id: string;
            question: string;
            /** @description Distinct options (a repeated option is refused with 400) */
            answer_options: string[];
            /**
             * @default single-choice
             * @enum {string}
             */
            question_type?: "single-choice";
            /**
             * Format: uuid
             * @description Add to this batch of your organisation; omit to start a new one
             */
            batch_id?: string | null;
            /** @description Name of the new batch (automatic when omitted) */
            batch_name?: string | null;
            /** @description Description of the new batch */
            batch_description?: string | null;
        };
        DeprecatedAnswerResponse: {
            data: components["schemas"]["DeprecatedAnswer"];
            errors: components["schemas"]["ErrorObject"][] | null;
        };
        DeprecatedAnswer: {
            /** Format: uuid */
            id: string;
            /**
             * Format: date-time
             * @example 2026-01-01T00:00:00.000Z
             */
            created_at: string;
            /** Format: uuid */
            population: string;
            population_name: string;
            /** @example ready */
            status: string;
            question: string;
            /** @description 1 - 0.5 * sum |p - g| */
            accuracy: number;
            /** @description sum (p - g)^2 */
            squared_error: number;
            /** @description sqrt(squared_error / k) */
            root_mean_squared_error: number;
            /**
             * @deprecated
             * @description Deprecated name of predicted_answer_percentages
             * @example {
             *       "Yes": 0.62,
             *       "No": 0.38
             *     }
             */
            simulated_answer_percentages: {
                [key: string]: number;
            };
            /**
             * @description Answer option -> fraction (0 to 1); the fractions add up to 1
             * @example {
             *       "Yes": 0.62,
             *       "No": 0.38
             *     }
             */
            predicted_answer_percentages: {
                [key: string]: number;
            };
            /** @description sum g ln(g / p), natural log, p floored at 1e-6 */
            information_loss: number;
            /** @description information_loss / ln(k) */
            normalised_information_loss: number;
            /** Format: uuid */
            batch: string;
            /**
             * Format: date-time
             * @example 2026-01-01T00:00:00.000Z
             */
            prediction_started_at: string;
            /**
             * Format: date-time
             * @example 2026-01-01T00:00:00.000Z
             */
            prediction_finished_at: string;
            /**
             * Format: date-time
             * @example 2026-01-01T00:00:00.000Z
             */
            test_started_at: string;
            /**
             * Format: date-time
             * @example 2026-01-01T00:00:00.000Z
             */
            test_finished_at: string;
            /**
             * @description Answer option -> respondents
             * @example {
             *       "Yes": 612,
             *       "No": 388
             *     }
             */
            ground_answer_counts: {
                [key: string]: number;
            };
            /**
             * @description Answer option -> fraction (0 to 1); the fractions add up to 1
             * @example {
             *       "Yes": 0.62,
             *       "No": 0.38
             *     }
             */
            ground_answer_percentages: {
                [key: string]: number;
            };
            simulation_engine: string;
            public: boolean;
            answer_options: string[];
            question_options: components["schemas"]["QuestionOptions"];
            /**
             * @deprecated
             * @description Deprecated name of information_loss (same value)
             */
            kullback_leibler_divergence: number;
        };
        CreateTestBody: {
            /** Format: uuid */
            population_id: string;
            question: string;
            /** @description Distinct options (a repeated option is refused with 400) */
            answer_options: string[];
            /**
             * @default single-choice
             * @enum {string}
             */
            question_type?: "single-choice";
            /**
             * Format: uuid
             * @description Add to this batch of your organisation; omit to start a new one
             */
            batch_id?: string | null;
            /** @description Name of the new batch (automatic when omitted) */
            batch_name?: string | null;
            /** @description Description of the new batch */
            batch_description?: string | null;
            /**
             * @description Real respondents per answer option; the keys must be exactly answer_options
             * @example {
             *       "Yes": 612,
             *       "No": 388
             *     }
             */
            ground_answer_counts: {
                [key: string]: number;
            };
        };
        PredictionBatchResponse: {
            data: components["schemas"]["PredictionBatch"];
            errors: components["schemas"]["ErrorObject"][] | null;
        };
        PredictionBatch: {
            /** Format: uuid */
            id: string;
            name: string;
            description: string | null;
            /**
             * Format: date-time
             * @example 2026-01-01T00:00:00.000Z
             */
            created_at: string;
            predictions: components["schemas"]["Prediction"][];
        };
        TestBatchResponse: {
            data: components["schemas"]["TestBatch"];
            errors: components["schemas"]["ErrorObject"][] | null;
        };
        TestBatch: {
            /** Format: uuid */
            id: string;
            name: string;
            description: string | null;
            /**
             * Format: date-time
             * @example 2026-01-01T00:00:00.000Z
             */
            created_at: string;
            answers: components["schemas"]["Answer"][];
        };
        PopulationListResponse: {
            data: components["schemas"]["Population"][];
            errors: components["schemas"]["ErrorObject"][] | null;
        };
        Population: {
            /** Format: uuid */
            id: string;
            /**
             * Format: date-time
             * @example 2026-01-01T00:00:00.000Z
             */
            created_at: string;
            name: string;
            public: boolean;
            question_count: number;
            simulacrum_count: number;
            /**
             * @description ready, or testing while a retest runs
             * @example ready
             */
            status: string;
            average_accuracy: number;
            average_squared_error: number;
            average_normalised_information_loss: number;
            data_source: string;
            description: string;
            /**
             * Format: date
             * @example 2025-09-30
             */
            effective_date: string;
            reality_target: string;
            simulation_engine: string;
            /**
             * Format: date-time
             * @example 2026-01-01T00:00:00.000Z
             */
            test_started_at: string;
            /**
             * Format: date-time
             * @example 2026-01-01T00:00:00.000Z
             */
            test_finished_at: string;
            upload_filename: string;
        };
        PopulationResponse: {
            data: components["schemas"]["Population"];
            errors: components["schemas"]["ErrorObject"][] | null;
        };
        MockInfo: {
            /** @enum {string} */
            name: "bss-mock";
            version: string;
            seed: number;
            /** @description The serve options (snake_case) */
            options: {
                [key: string]: unknown;
            };
            clock: components["schemas"]["MockClock"];
            timing: {
                planning_ms: number;
                running_ms: number;
                synthesis_ms: number;
                retest_ms: number;
            };
            scenarios: components["schemas"]["MockScenarios"];
            capabilities: string[];
        };
        MockClock: {
            /** @enum {string} */
            kind: "system" | "manual";
            /** Format: date-time */
            now: string;
            epoch_ms: number;
        };
        MockScenarios: {
            known: {
                name: string;
                description: string;
            }[];
            active: {
                /** @description Active for the whole mock */
                global: string[];
                /** @description Active for one organisation (tokens <user>@<organisation>) only */
                organisations: {
                    [key: string]: string[];
                };
            };
        };
        ResetBody: {
            /** @description Only this organisation (tokens <user>@<org>) */
            org?: string;
        };
        AdvanceClockBody: {
            ms: number;
        } | {
            /**
             * @description next: to the next transition (and all due at that moment); idle: until nothing is pending
             * @enum {string}
             */
            until: "next" | "idle";
        };
        PutScenariosBody: {
            scenarios: (string | {
                [key: string]: unknown;
            })[];
            /** @description Only for this organisation; else the whole mock */
            org?: string;
        };
        MockJournal: {
            requests: components["schemas"]["MockJournalEntry"][];
        };
        MockJournalEntry: {
            id: number;
            /**
             * Format: date-time
             * @example 2026-01-01T00:00:00.000Z
             */
            at: string;
            method: string;
            path: string;
            template: string | null;
            query: {
                [key: string]: string;
            };
            /** @description The token as sent (without Bearer); empty: no authorization */
            caller: string;
            organisation: string | null;
            request_body?: unknown;
            /** @description null when a fault dropped the connection */
            status: number | null;
            response_body?: unknown;
            ms: number;
            /** @description The scenario rules that acted on the request */
            scenarios: {
                scenario: string;
                /** @enum {string} */
                scope: "global" | "organisation" | "request";
                rule: number;
                /** @enum {string} */
                action: "answer" | "delay" | "fault" | "effect";
                status?: number;
                ms?: number;
                fault?: string;
                effect?: string;
            }[];
            fault: string | null;
        };
        MockJournalHar: {
            log: {
                /** @enum {string} */
                version: "1.2";
                creator: {
                    name: string;
                    version: string;
                };
                entries: {
                    [key: string]: unknown;
                }[];
            };
        };
        MockJournalCount: {
            count: number;
        };
        OrganisationContextBody: {
            name: string;
            body: string;
        };
        OrganisationUserModelBody: {
            name: string;
            description: string;
            metadata?: {
                [key: string]: unknown;
            };
            question_count?: number;
            simulacrum_count?: number;
            data_source?: string;
            /** Format: date */
            effective_date?: string;
            reality_target?: string;
            simulation_engine?: string;
            upload_filename?: string;
        };
        PlannerTurn: {
            /** Format: uuid */
            project_id: string;
            /** Format: date-time */
            planner_turn_until: string;
        };
        /** @description How long the in-app planner stays mid-turn on the project */
        PlannerTurnBody: {
            ms: number;
        };
        MockOrganisation: {
            /**
             * @description shared: the organisation <user>@<name> tokens join (what reset and the journal's organisation filter take); own: a token without @, alone; demo: requests without a token
             * @enum {string}
             */
            kind: "shared" | "own" | "demo";
            /** @description The organisation's name, the token of an own one, or demo */
            name: string;
            /**
             * Format: date-time
             * @example 2026-01-01T00:00:00.000Z
             */
            created_at: string;
            callers: number;
            simulations: number;
            projects: number;
        };
        MockOrganisationResources: {
            organisation: string;
            simulations: {
                /** Format: uuid */
                id: string;
                title: string | null;
                mode: string;
                goal: string;
                /** @enum {string} */
                status: "planning" | "planned" | "running" | "completed" | "failed";
                /** Format: uuid */
                project_id: string | null;
                /** Format: uuid */
                round_id: string | null;
                error: string | null;
                /** @description Each state the simulation entered, and when (mock clock) */
                timeline: {
                    /** @enum {string} */
                    status: "planning" | "planned" | "running" | "completed" | "failed";
                    /**
                     * Format: date-time
                     * @example 2026-01-01T00:00:00.000Z
                     */
                    at: string;
                }[];
            }[];
            projects: {
                /** Format: uuid */
                id: string;
                name: string;
                /**
                 * Format: date-time
                 * @example 2026-01-01T00:00:00.000Z
                 */
                created_at: string;
                rounds: {
                    /** Format: uuid */
                    id: string;
                    number: number;
                    title: string;
                    /** @enum {string|null} */
                    synthesis_status: "generating" | "completed" | "failed" | null;
                    synthesis_stale: boolean;
                    simulation_ids: string[];
                }[];
            }[];
        };
        MockCoverage: {
            organisation: string | null;
            /**
             * Format: date-time
             * @description The start, or the last reset (mock clock)
             * @example 2026-01-01T00:00:00.000Z
             */
            since: string;
            requests: number;
            /** @description Each operation with the status codes it answered: {"POST /v1/simulations": {"201": 12}} */
            operations: {
                [key: string]: {
                    [key: string]: number;
                };
            };
            rules: {
                /** @description The kit's rule ids the answers showed, with how often */
                exercised: {
                    [key: string]: number;
                };
                /** @description Rules coverage can see that no answer showed */
                never: string[];
                percent: number;
            };
            states: {
                [key: string]: {
                    /** @description States read in an answer, with how often */
                    observed: {
                        [key: string]: number;
                    };
                    never: string[];
                    /** @description from->to between two reads of the same resource */
                    transitions: {
                        [key: string]: number;
                    };
                };
            };
            /** @description Scenarios that acted on a request, with how often */
            scenarios: {
                [key: string]: number;
            };
            /** @description Error answers: METHOD template status, with how often */
            errors: {
                [key: string]: number;
            };
            /** @description The error answers and states a client must handle, reached or not */
            must_handle: components["schemas"]["MockCoverageItem"][];
            never_reached: components["schemas"]["MockCoverageItem"][];
            /** @description Must-handle items reached, in percent */
            errors_percent: number;
        };
        MockCoverageItem: {
            id: string;
            title: string;
            reached: boolean;
            count: number;
            /** @description The shipped scenario that produces it */
            scenario: string | null;
            /** @description How a client's run reaches it */
            how: string;
        };
        MockSimulationBody: {
            /** @description The token of the caller who owns it (<user>@<org>, or any token), Bearer before it or not */
            caller: string;
            /** @enum {string} */
            status: "planning" | "planned" | "running" | "completed" | "failed";
            simulation: components["schemas"]["CreateSimulationBody"];
            /** @description A failed simulation's error */
            error?: string;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type SchemaUserModel = components['schemas']['UserModel'];
export type SchemaHttpValidationError = components['schemas']['HTTPValidationError'];
export type SchemaGoalSummary = components['schemas']['GoalSummary'];
export type SchemaGoalInputSchema = components['schemas']['GoalInputSchema'];
export type SchemaHttpError = components['schemas']['HTTPError'];
export type SchemaSimulation = components['schemas']['Simulation'];
export type SchemaResearchSimulation = components['schemas']['ResearchSimulation'];
export type SchemaPlan = components['schemas']['Plan'];
export type SchemaSurveyQuestion = components['schemas']['SurveyQuestion'];
export type SchemaSimulationProgress = components['schemas']['SimulationProgress'];
export type SchemaResearchResults = components['schemas']['ResearchResults'];
export type SchemaJourneySimulation = components['schemas']['JourneySimulation'];
export type SchemaJourneyResults = components['schemas']['JourneyResults'];
export type SchemaCreateSimulationBody = components['schemas']['CreateSimulationBody'];
export type SchemaSurveyDesign = components['schemas']['SurveyDesign'];
export type SchemaItemSet = components['schemas']['ItemSet'];
export type SchemaCustomQuestion = components['schemas']['CustomQuestion'];
export type SchemaMoveSimulationBody = components['schemas']['MoveSimulationBody'];
export type SchemaPlanUpdate = components['schemas']['PlanUpdate'];
export type SchemaSurveyQuestionIn = components['schemas']['SurveyQuestionIn'];
export type SchemaShareResponse = components['schemas']['ShareResponse'];
export type SchemaProject = components['schemas']['Project'];
export type SchemaCreateProjectBody = components['schemas']['CreateProjectBody'];
export type SchemaProjectWithRounds = components['schemas']['ProjectWithRounds'];
export type SchemaRound = components['schemas']['Round'];
export type SchemaRoundSimulation = components['schemas']['RoundSimulation'];
export type SchemaRenameProjectBody = components['schemas']['RenameProjectBody'];
export type SchemaCreateRoundBody = components['schemas']['CreateRoundBody'];
export type SchemaRenameRoundBody = components['schemas']['RenameRoundBody'];
export type SchemaArtefactBody = components['schemas']['ArtefactBody'];
export type SchemaDefaultContext = components['schemas']['DefaultContext'];
export type SchemaContextSummary = components['schemas']['ContextSummary'];
export type SchemaContext = components['schemas']['Context'];
export type SchemaCreateContextBody = components['schemas']['CreateContextBody'];
export type SchemaAnswerResponse = components['schemas']['AnswerResponse'];
export type SchemaAnswer = components['schemas']['Answer'];
export type SchemaQuestionOptions = components['schemas']['QuestionOptions'];
export type SchemaErrorObject = components['schemas']['ErrorObject'];
export type SchemaEnvelopeError = components['schemas']['EnvelopeError'];
export type SchemaPredictionResponse = components['schemas']['PredictionResponse'];
export type SchemaPrediction = components['schemas']['Prediction'];
export type SchemaCreatePredictionBody = components['schemas']['CreatePredictionBody'];
export type SchemaDeprecatedAnswerResponse = components['schemas']['DeprecatedAnswerResponse'];
export type SchemaDeprecatedAnswer = components['schemas']['DeprecatedAnswer'];
export type SchemaCreateTestBody = components['schemas']['CreateTestBody'];
export type SchemaPredictionBatchResponse = components['schemas']['PredictionBatchResponse'];
export type SchemaPredictionBatch = components['schemas']['PredictionBatch'];
export type SchemaTestBatchResponse = components['schemas']['TestBatchResponse'];
export type SchemaTestBatch = components['schemas']['TestBatch'];
export type SchemaPopulationListResponse = components['schemas']['PopulationListResponse'];
export type SchemaPopulation = components['schemas']['Population'];
export type SchemaPopulationResponse = components['schemas']['PopulationResponse'];
export type SchemaMockInfo = components['schemas']['MockInfo'];
export type SchemaMockClock = components['schemas']['MockClock'];
export type SchemaMockScenarios = components['schemas']['MockScenarios'];
export type SchemaResetBody = components['schemas']['ResetBody'];
export type SchemaAdvanceClockBody = components['schemas']['AdvanceClockBody'];
export type SchemaPutScenariosBody = components['schemas']['PutScenariosBody'];
export type SchemaMockJournal = components['schemas']['MockJournal'];
export type SchemaMockJournalEntry = components['schemas']['MockJournalEntry'];
export type SchemaMockJournalHar = components['schemas']['MockJournalHar'];
export type SchemaMockJournalCount = components['schemas']['MockJournalCount'];
export type SchemaOrganisationContextBody = components['schemas']['OrganisationContextBody'];
export type SchemaOrganisationUserModelBody = components['schemas']['OrganisationUserModelBody'];
export type SchemaPlannerTurn = components['schemas']['PlannerTurn'];
export type SchemaPlannerTurnBody = components['schemas']['PlannerTurnBody'];
export type SchemaMockOrganisation = components['schemas']['MockOrganisation'];
export type SchemaMockOrganisationResources = components['schemas']['MockOrganisationResources'];
export type SchemaMockCoverage = components['schemas']['MockCoverage'];
export type SchemaMockCoverageItem = components['schemas']['MockCoverageItem'];
export type SchemaMockSimulationBody = components['schemas']['MockSimulationBody'];
export type $defs = Record<string, never>;
export interface operations {
    list_user_models_v1_user_models_get: {
        parameters: {
            query?: never;
            header?: {
                authorization?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The user models, with accuracy and metadata */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": "3f6c2a1e-8b4d-4c7a-9e2f-5a1b7c9d0e11",
                     *         "name": "UK adults 18+ (nationally representative)",
                     *         "description": "Adults across the United Kingdom, weighted to be representative on age, gender, region and social grade. A good default for consumer questions aimed at the general UK public.",
                     *         "accuracy": 0.9730133079847908,
                     *         "metadata": {
                     *           "country": "GB",
                     *           "region": "United Kingdom",
                     *           "age_range": "18+",
                     *           "language": "en-GB",
                     *           "sample_source": "Online access panel, quota sample on age, gender, region and social grade",
                     *           "sample_size": 2104,
                     *           "weighting": "ONS mid-year population estimates",
                     *           "fieldwork": "2025-01 to 2025-09"
                     *         },
                     *         "owned_by_org": false
                     *       },
                     *       {
                     *         "id": "8a2e4f60-1c3b-4d5e-a6f7-0b9c8d7e6f52",
                     *         "name": "US adults 18-65 (general population)",
                     *         "description": "Working-age adults in the United States, recruited by address-based sampling and weighted to Census benchmarks. Use it for broad consumer, media and attitude questions.",
                     *         "accuracy": 0.9618937583001328,
                     *         "metadata": {
                     *           "country": "US",
                     *           "region": "United States",
                     *           "age_range": "18-65",
                     *           "language": "en-US",
                     *           "sample_source": "Probability-based web panel with address-based recruitment",
                     *           "sample_size": 3012,
                     *           "weighting": "ACS 2023 on age, sex, race and ethnicity, education and region",
                     *           "fieldwork": "2025-03 to 2025-06"
                     *         },
                     *         "owned_by_org": false
                     *       },
                     *       {
                     *         "id": "c41d7b2a-5e6f-4a8b-9c0d-1e2f3a4b5c63",
                     *         "name": "German small-business owners",
                     *         "description": "Owners and managing directors of German businesses with 1 to 49 employees, across trades, retail, services and manufacturing. Suited to B2B software, finance and regulation questions.",
                     *         "accuracy": 0.9365141612200436,
                     *         "metadata": {
                     *           "country": "DE",
                     *           "region": "Germany",
                     *           "age_range": "25-70",
                     *           "language": "de-DE",
                     *           "company_size": "1-49 employees",
                     *           "role": "Owner or managing director",
                     *           "sample_source": "B2B online panel, screened on ownership and company size",
                     *           "sample_size": 612,
                     *           "weighting": "Destatis business register by sector and size band",
                     *           "fieldwork": "2025-04 to 2025-05"
                     *         },
                     *         "owned_by_org": false
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["UserModel"][];
                };
            };
            /** @description Not authenticated: no authorization header while the mock runs with --auth required */
            401: {
                headers: {
                    "www-authenticate"?: "Bearer";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPError"];
                };
            };
            /** @description Validation Error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests (scenario rate-limited); Retry-After says when to try again */
            429: {
                headers: {
                    /** @description Seconds to wait */
                    "retry-after"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPError"];
                };
            };
            /** @description An unhandled error (scenario server-error), answered as Starlette does: plain text, no CORS headers */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": "Internal Server Error";
                };
            };
            /** @description Unavailable: scenario flaky, too many request bodies in flight, or a --db write that failed (nothing was changed) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPError"];
                };
            };
        };
    };
    simulation_schema_v1_simulation_schema_get: {
        parameters: {
            query: {
                mode: "research" | "journey";
                goal?: string;
            };
            header?: {
                authorization?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Without goal: the goals of the mode. With goal: its input schema */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GoalSummary"][] | components["schemas"]["GoalInputSchema"];
                };
            };
            /** @description Not authenticated: no authorization header while the mock runs with --auth required */
            401: {
                headers: {
                    "www-authenticate"?: "Bearer";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPError"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPError"];
                };
            };
            /** @description Validation Error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests (scenario rate-limited); Retry-After says when to try again */
            429: {
                headers: {
                    /** @description Seconds to wait */
                    "retry-after"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPError"];
                };
            };
            /** @description An unhandled error (scenario server-error), answered as Starlette does: plain text, no CORS headers */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": "Internal Server Error";
                };
            };
            /** @description Unavailable: scenario flaky, too many request bodies in flight, or a --db write that failed (nothing was changed) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPError"];
                };
            };
        };
    };
    list_simulations_v1_simulations_get: {
        parameters: {
            query?: {
                /** @description Only simulations in this status */
                status_filter?: "planning" | "planned" | "running" | "completed" | "failed";
                limit?: number;
                project_id?: string;
            };
            header?: {
                authorization?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The caller's simulations */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": "e5fc479c-803b-47b5-a6ab-5165f9c88ecc",
                     *         "mode": "research",
                     *         "goal": "concept_test",
                     *         "inputs": {
                     *           "concept": "Weeknight Little Plates: a children's portion added to any recipe for £1.99, with a milder sauce on the side and a picture card the child can follow.",
                     *           "product_name": "Weeknight Little Plates",
                     *           "price_point": "£1.99 a child's portion"
                     *         },
                     *         "user_model_ids": [
                     *           "e7f8a9b0-2c3d-4e5f-b6a7-8c9d0e1f2a35"
                     *         ],
                     *         "title": "Little Plates: children's portions",
                     *         "project_id": null,
                     *         "round_id": null,
                     *         "status": "planning",
                     *         "context_id": "bcfa7cb7-03e3-4121-83cd-d1d3c5b38f39",
                     *         "plan": null,
                     *         "progress": null,
                     *         "synthesis": null,
                     *         "markdown": null,
                     *         "results": null,
                     *         "error": null,
                     *         "public": false,
                     *         "share_url": null,
                     *         "created_at": "2026-03-02T09:30:00.000Z",
                     *         "updated_at": "2026-03-02T09:30:00.000Z",
                     *         "planned_at": null,
                     *         "started_at": null,
                     *         "completed_at": null
                     *       },
                     *       {
                     *         "id": "e71727c1-0fa1-4ae4-8172-48d711d09c40",
                     *         "mode": "research",
                     *         "goal": "feature_prioritisation",
                     *         "inputs": {
                     *           "product": "Weeknight app",
                     *           "features": [
                     *             "Choose delivery nights one week at a time",
                     *             "Swap a recipe until the day before delivery",
                     *             "Leftovers-for-lunch portions"
                     *           ]
                     *         },
                     *         "user_model_ids": [
                     *           "e7f8a9b0-2c3d-4e5f-b6a7-8c9d0e1f2a35",
                     *           "3f6c2a1e-8b4d-4c7a-9e2f-5a1b7c9d0e11"
                     *         ],
                     *         "title": "What would keep Flex customers ordering",
                     *         "project_id": "e8f6e1da-42de-4d05-b513-b87603cc49ef",
                     *         "round_id": "3b4473b4-e578-4c88-a9df-e6eab068feb0",
                     *         "status": "planning",
                     *         "context_id": "bcfa7cb7-03e3-4121-83cd-d1d3c5b38f39",
                     *         "plan": null,
                     *         "progress": null,
                     *         "synthesis": null,
                     *         "markdown": null,
                     *         "results": null,
                     *         "error": null,
                     *         "public": false,
                     *         "share_url": null,
                     *         "created_at": "2026-03-02T09:30:00.000Z",
                     *         "updated_at": "2026-03-02T09:30:00.000Z",
                     *         "planned_at": null,
                     *         "started_at": null,
                     *         "completed_at": null
                     *       },
                     *       {
                     *         "id": "1a7603d8-7e55-4b68-a115-969d47914205",
                     *         "mode": "research",
                     *         "goal": "pricing",
                     *         "inputs": {
                     *           "product": "Kontor Team, billed yearly",
                     *           "currency": "EUR",
                     *           "price_points": [
                     *             349,
                     *             399,
                     *             469
                     *           ],
                     *           "billing": "yearly"
                     *         },
                     *         "user_model_ids": [
                     *           "c41d7b2a-5e6f-4a8b-9c0d-1e2f3a4b5c63"
                     *         ],
                     *         "title": "Team plan: yearly price",
                     *         "project_id": "9a3e1125-1c13-43a7-a49d-ba831f61363e",
                     *         "round_id": "0d887020-e30c-45fc-a10a-031b19b2d730",
                     *         "status": "running",
                     *         "context_id": "9791ff03-d9e8-4c8a-a705-06edfc0265aa",
                     *         "plan": {
                     *           "question_text": "What would people pay for Kontor Team, and at what price between €349 a year and €529 a year does demand fall away?",
                     *           "hypothesis_text": "Most respondents find €469 a year acceptable for Kontor Team, and at least 25% say they would probably or definitely sign up for it at €529 a year. Proposed by the plan, as the brief states no hypothesis: a price inside the ladder as acceptable to most, and a quarter as the benchmark this plan uses for demand that survives the top price (the share its advice uses for taking an idea up).",
                     *           "survey_questions": [
                     *             {
                     *               "question_text": "The product: \"Kontor Team, billed yearly\". At which of these prices would Kontor Team seem so cheap that you would doubt its quality?",
                     *               "question_type": "single_choice",
                     *               "answer_options": [
                     *                 "€349 a year",
                     *                 "€399 a year",
                     *                 "€469 a year"
                     *               ],
                     *               "insight": "Van Westendorp 'too cheap' point: the floor below which a low price starts to hurt credibility.",
                     *               "variable_name": "too_cheap"
                     *             },
                     *             {
                     *               "question_text": "At which of these prices would Kontor Team feel like a bargain?",
                     *               "question_type": "single_choice",
                     *               "answer_options": [
                     *                 "€349 a year",
                     *                 "€399 a year",
                     *                 "€469 a year"
                     *               ],
                     *               "insight": "Van Westendorp 'bargain' point: where people feel they get more than they pay for.",
                     *               "variable_name": "bargain"
                     *             },
                     *             {
                     *               "question_text": "At which of these prices would Kontor Team start to feel expensive, though you would still consider it?",
                     *               "question_type": "single_choice",
                     *               "answer_options": [
                     *                 "€349 a year",
                     *                 "€399 a year",
                     *                 "€469 a year"
                     *               ],
                     *               "insight": "Van Westendorp 'getting expensive' point: the upper edge of the comfortable range.",
                     *               "variable_name": "getting_expensive"
                     *             }
                     *           ],
                     *           "journey_task": null
                     *         },
                     *         "progress": {
                     *           "completed": 0,
                     *           "total": 280,
                     *           "fraction": 0
                     *         },
                     *         "synthesis": null,
                     *         "markdown": null,
                     *         "results": null,
                     *         "error": null,
                     *         "public": false,
                     *         "share_url": null,
                     *         "created_at": "2026-03-01T19:34:48.000Z",
                     *         "updated_at": "2026-03-02T09:30:00.000Z",
                     *         "planned_at": "2026-03-01T19:34:51.000Z",
                     *         "started_at": "2026-03-02T09:30:00.000Z",
                     *         "completed_at": null
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["Simulation"][];
                };
            };
            /** @description Not authenticated: no authorization header while the mock runs with --auth required */
            401: {
                headers: {
                    "www-authenticate"?: "Bearer";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPError"];
                };
            };
            /** @description Validation Error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests (scenario rate-limited); Retry-After says when to try again */
            429: {
                headers: {
                    /** @description Seconds to wait */
                    "retry-after"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPError"];
                };
            };
            /** @description An unhandled error (scenario server-error), answered as Starlette does: plain text, no CORS headers */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": "Internal Server Error";
                };
            };
            /** @description Unavailable: scenario flaky, too many request bodies in flight, or a --db write that failed (nothing was changed) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPError"];
                };
            };
        };
    };
    create_simulation_v1_simulations_post: {
        parameters: {
            query?: never;
            header?: {
                authorization?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "mode": "research",
                 *       "goal": "concept_test",
                 *       "inputs": {
                 *         "concept": "Weeknight Flex: keep the app and the recipes, and order a box only in the weeks you want one. No weekly subscription, no skipping to remember. Order by Thursday for delivery from Tuesday.",
                 *         "product_name": "Weeknight Flex",
                 *         "price_point": "£5.49 a portion for 2 people, delivery £4.99 (free over £60)"
                 *       },
                 *       "user_model_ids": [
                 *         "3f6c2a1e-8b4d-4c7a-9e2f-5a1b7c9d0e11",
                 *         "8a2e4f60-1c3b-4d5e-a6f7-0b9c8d7e6f52"
                 *       ],
                 *       "title": "Weeknight Flex: appeal and intent",
                 *       "project_id": "a725f3b1-e81f-4f07-8233-24de594915e1",
                 *       "round_id": "2e9d0c08-2cd6-43e1-9b18-783da033af66"
                 *     }
                 */
                "application/json": components["schemas"]["CreateSimulationBody"];
            };
        };
        responses: {
            /** @description The new simulation, status planning */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "d4d9d141-4c93-43b8-8366-798368cc05ac",
                     *       "mode": "research",
                     *       "goal": "concept_test",
                     *       "inputs": {
                     *         "concept": "Weeknight Flex: keep the app and the recipes, and order a box only in the weeks you want one. No weekly subscription, no skipping to remember. Order by Thursday for delivery from Tuesday.",
                     *         "product_name": "Weeknight Flex",
                     *         "price_point": "£5.49 a portion for 2 people, delivery £4.99 (free over £60)"
                     *       },
                     *       "user_model_ids": [
                     *         "3f6c2a1e-8b4d-4c7a-9e2f-5a1b7c9d0e11",
                     *         "8a2e4f60-1c3b-4d5e-a6f7-0b9c8d7e6f52"
                     *       ],
                     *       "title": "Weeknight Flex: appeal and intent",
                     *       "project_id": "a725f3b1-e81f-4f07-8233-24de594915e1",
                     *       "round_id": "2e9d0c08-2cd6-43e1-9b18-783da033af66",
                     *       "status": "planning",
                     *       "context_id": "2b43e123-d51e-419d-9e35-5449283dacfd",
                     *       "plan": null,
                     *       "progress": null,
                     *       "synthesis": null,
                     *       "markdown": null,
                     *       "results": null,
                     *       "error": null,
                     *       "public": false,
                     *       "share_url": null,
                     *       "created_at": "2026-03-02T09:30:00.000Z",
                     *       "updated_at": "2026-03-02T09:30:00.000Z",
                     *       "planned_at": null,
                     *       "started_at": null,
                     *       "completed_at": null
                     *     }
                     */
                    "application/json": components["schemas"]["Simulation"];
                };
            };
            /** @description The request is well-formed but cannot be used */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPError"];
                };
            };
            /** @description Not authenticated: no authorization header while the mock runs with --auth required */
            401: {
                headers: {
                    "www-authenticate"?: "Bearer";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPError"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPError"];
                };
            };
            /** @description Refused in the resource's current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPError"];
                };
            };
            /** @description A JSON body over 1 MiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPError"];
                };
            };
            /** @description Validation Error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "detail": [
                     *         {
                     *           "type": "too_short",
                     *           "loc": [
                     *             "body",
                     *             "user_model_ids"
                     *           ],
                     *           "msg": "List should have at least 1 item after validation, not 0",
                     *           "input": [],
                     *           "ctx": {
                     *             "field_type": "List",
                     *             "min_length": 1,
                     *             "actual_length": 0
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests (scenario rate-limited); Retry-After says when to try again */
            429: {
                headers: {
                    /** @description Seconds to wait */
                    "retry-after"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPError"];
                };
            };
            /** @description An unhandled error (scenario server-error), answered as Starlette does: plain text, no CORS headers */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": "Internal Server Error";
                };
            };
            /** @description Unavailable: scenario flaky, too many request bodies in flight, or a --db write that failed (nothing was changed) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPError"];
                };
            };
        };
    };
    get_simulation_v1_simulations__simulation_id__get: {
        parameters: {
            query?: never;
            header?: {
                authorization?: string;
            };
            path: {
                simulation_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The simulation */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Simulation"];
                };
            };
            /** @description Not authenticated: no authorization header while the mock runs with --auth required */
            401: {
                headers: {
                    "www-authenticate"?: "Bearer";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPError"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "detail": "Simulation not found"
                     *     }
                     */
                    "application/json": components["schemas"]["HTTPError"];
                };
            };
            /** @description Validation Error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests (scenario rate-limited); Retry-After says when to try again */
            429: {
                headers: {
                    /** @description Seconds to wait */
                    "retry-after"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPError"];
                };
            };
            /** @description An unhandled error (scenario server-error), answered as Starlette does: plain text, no CORS headers */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": "Internal Server Error";
                };
            };
            /** @description Unavailable: scenario flaky, too many request bodies in flight, or a --db write that failed (nothing was changed) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPError"];
                };
            };
        };
    };
    delete_simulation_v1_simulations__simulation_id__delete: {
        parameters: {
            query?: never;
            header?: {
                authorization?: string;
            };
            path: {
                simulation_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted, no body */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not authenticated: no authorization header while the mock runs with --auth required */
            401: {
                headers: {
                    "www-authenticate"?: "Bearer";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPError"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPError"];
                };
            };
            /** @description Refused in the resource's current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPError"];
                };
            };
            /** @description Validation Error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests (scenario rate-limited); Retry-After says when to try again */
            429: {
                headers: {
                    /** @description Seconds to wait */
                    "retry-after"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPError"];
                };
            };
            /** @description An unhandled error (scenario server-error), answered as Starlette does: plain text, no CORS headers */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": "Internal Server Error";
                };
            };
            /** @description Unavailable: scenario flaky, too many request bodies in flight, or a --db write that failed (nothing was changed) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPError"];
                };
            };
        };
    };
    move_simulation_v1_simulations__simulation_id__patch: {
        parameters: {
            query?: never;
            header?: {
                authorization?: string;
            };
            path: {
                simulation_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "project_id": "a725f3b1-e81f-4f07-8233-24de594915e1"
                 *     }
                 */
                "application/json": components["schemas"]["MoveSimulationBody"];
            };
        };
        responses: {
            /** @description The moved simulation */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "da160153-679a-41d7-abe5-d5559b67fcf3",
                     *       "mode": "journey",
                     *       "goal": "first_impression",
                     *       "inputs": {
                     *         "start_url": "https://www.weeknight.example/flex",
                     *         "questions": [
                     *           "What is being offered?",
                     *           "How is it different from a normal meal-kit subscription?",
                     *           "What would one week cost you?"
                     *         ]
                     *       },
                     *       "user_model_ids": [
                     *         "3f6c2a1e-8b4d-4c7a-9e2f-5a1b7c9d0e11"
                     *       ],
                     *       "title": "Flex landing page: first five seconds",
                     *       "project_id": "a725f3b1-e81f-4f07-8233-24de594915e1",
                     *       "round_id": "2e9d0c08-2cd6-43e1-9b18-783da033af66",
                     *       "status": "planning",
                     *       "context_id": "2b43e123-d51e-419d-9e35-5449283dacfd",
                     *       "plan": null,
                     *       "progress": null,
                     *       "synthesis": null,
                     *       "markdown": null,
                     *       "results": null,
                     *       "error": null,
                     *       "public": false,
                     *       "share_url": null,
                     *       "created_at": "2026-03-02T09:31:01.000Z",
                     *       "updated_at": "2026-03-02T09:31:01.000Z",
                     *       "planned_at": null,
                     *       "started_at": null,
                     *       "completed_at": null
                     *     }
                     */
                    "application/json": components["schemas"]["Simulation"];
                };
            };
            /** @description Not authenticated: no authorization header while the mock runs with --auth required */
            401: {
                headers: {
                    "www-authenticate"?: "Bearer";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPError"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPError"];
                };
            };
            /** @description Refused in the resource's current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPError"];
                };
            };
            /** @description A JSON body over 1 MiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPError"];
                };
            };
            /** @description Validation Error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests (scenario rate-limited); Retry-After says when to try again */
            429: {
                headers: {
                    /** @description Seconds to wait */
                    "retry-after"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPError"];
                };
            };
            /** @description An unhandled error (scenario server-error), answered as Starlette does: plain text, no CORS headers */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": "Internal Server Error";
                };
            };
            /** @description Unavailable: scenario flaky, too many request bodies in flight, or a --db write that failed (nothing was changed) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPError"];
                };
            };
        };
    };
    update_plan_v1_simulations__simulation_id__plan_patch: {
        parameters: {
            query?: never;
            header?: {
                authorization?: string;
            };
            path: {
                simulation_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "survey_questions": [
                 *         {
                 *           "question_text": "Here is a new idea: \"Weeknight Flex: keep the app and the recipes, and order a box only in the weeks you want one. No weekly subscription, no skipping to remember. Order by Thursday for delivery from Tuesday.\" How appealing is it to you, for your household?",
                 *           "question_type": "single_choice",
                 *           "answer_options": [
                 *             "Not at all appealing",
                 *             "Not very appealing",
                 *             "Neither appealing nor unappealing"
                 *           ],
                 *           "insight": "How many find Weeknight Flex appealing at first read; the top-two-box share is the headline figure the idea is judged on.",
                 *           "variable_name": "appeal"
                 *         },
                 *         {
                 *           "question_text": "How new and different is Weeknight Flex from anything you can get today?",
                 *           "question_type": "single_choice",
                 *           "answer_options": [
                 *             "Not at all different",
                 *             "Slightly different",
                 *             "Somewhat different"
                 *           ],
                 *           "insight": "Differentiation: whether the idea gives people a reason to change rather than being one more option.",
                 *           "variable_name": "uniqueness"
                 *         },
                 *         {
                 *           "question_text": "How relevant is Weeknight Flex to your own day-to-day needs?",
                 *           "question_type": "single_choice",
                 *           "answer_options": [
                 *             "Not at all relevant",
                 *             "Not very relevant",
                 *             "Somewhat relevant"
                 *           ],
                 *           "insight": "Whether the people asked see a need for Weeknight Flex, which separates a clever idea from a useful one.",
                 *           "variable_name": "relevance"
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["PlanUpdate"];
            };
        };
        responses: {
            /** @description The simulation with its edited plan */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "d4d9d141-4c93-43b8-8366-798368cc05ac",
                     *       "mode": "research",
                     *       "goal": "concept_test",
                     *       "inputs": {
                     *         "concept": "Weeknight Flex: keep the app and the recipes, and order a box only in the weeks you want one. No weekly subscription, no skipping to remember. Order by Thursday for delivery from Tuesday.",
                     *         "product_name": "Weeknight Flex",
                     *         "price_point": "£5.49 a portion for 2 people, delivery £4.99 (free over £60)"
                     *       },
                     *       "user_model_ids": [
                     *         "3f6c2a1e-8b4d-4c7a-9e2f-5a1b7c9d0e11",
                     *         "8a2e4f60-1c3b-4d5e-a6f7-0b9c8d7e6f52"
                     *       ],
                     *       "title": "Weeknight Flex: appeal and intent",
                     *       "project_id": "a725f3b1-e81f-4f07-8233-24de594915e1",
                     *       "round_id": "2e9d0c08-2cd6-43e1-9b18-783da033af66",
                     *       "status": "planned",
                     *       "context_id": "2b43e123-d51e-419d-9e35-5449283dacfd",
                     *       "plan": {
                     *         "question_text": "Is Weeknight Flex appealing, different and relevant enough that people would sign up for it at £5.49 per portion?",
                     *         "hypothesis_text": "At least 50% of respondents rate Weeknight Flex quite or very appealing, and at least 25% say they would probably or definitely sign up for it at £5.49 per portion. Proposed by the plan, as the brief states no hypothesis: half finding it appealing and a quarter saying they would take it up are the benchmarks this plan uses for a concept worth taking forward, not norms of its field.",
                     *         "survey_questions": [
                     *           {
                     *             "question_text": "Here is a new idea: \"Weeknight Flex: keep the app and the recipes, and order a box only in the weeks you want one. No weekly subscription, no skipping to remember. Order by Thursday for delivery from Tuesday.\" How appealing is it to you, for your household?",
                     *             "question_type": "single_choice",
                     *             "answer_options": [
                     *               "Not at all appealing",
                     *               "Not very appealing",
                     *               "Neither appealing nor unappealing"
                     *             ],
                     *             "insight": "How many find Weeknight Flex appealing at first read; the top-two-box share is the headline figure the idea is judged on.",
                     *             "variable_name": "appeal"
                     *           },
                     *           {
                     *             "question_text": "How new and different is Weeknight Flex from anything you can get today?",
                     *             "question_type": "single_choice",
                     *             "answer_options": [
                     *               "Not at all different",
                     *               "Slightly different",
                     *               "Somewhat different"
                     *             ],
                     *             "insight": "Differentiation: whether the idea gives people a reason to change rather than being one more option.",
                     *             "variable_name": "uniqueness"
                     *           },
                     *           {
                     *             "question_text": "How relevant is Weeknight Flex to your own day-to-day needs?",
                     *             "question_type": "single_choice",
                     *             "answer_options": [
                     *               "Not at all relevant",
                     *               "Not very relevant",
                     *               "Somewhat relevant"
                     *             ],
                     *             "insight": "Whether the people asked see a need for Weeknight Flex, which separates a clever idea from a useful one.",
                     *             "variable_name": "relevance"
                     *           }
                     *         ],
                     *         "journey_task": null
                     *       },
                     *       "progress": null,
                     *       "synthesis": null,
                     *       "markdown": null,
                     *       "results": null,
                     *       "error": null,
                     *       "public": false,
                     *       "share_url": null,
                     *       "created_at": "2026-03-02T09:30:00.000Z",
                     *       "updated_at": "2026-03-02T09:30:01.000Z",
                     *       "planned_at": "2026-03-02T09:30:00.300Z",
                     *       "started_at": null,
                     *       "completed_at": null
                     *     }
                     */
                    "application/json": components["schemas"]["Simulation"];
                };
            };
            /** @description Not authenticated: no authorization header while the mock runs with --auth required */
            401: {
                headers: {
                    "www-authenticate"?: "Bearer";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPError"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPError"];
                };
            };
            /** @description Refused in the resource's current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPError"];
                };
            };
            /** @description A JSON body over 1 MiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPError"];
                };
            };
            /** @description Validation Error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests (scenario rate-limited); Retry-After says when to try again */
            429: {
                headers: {
                    /** @description Seconds to wait */
                    "retry-after"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPError"];
                };
            };
            /** @description An unhandled error (scenario server-error), answered as Starlette does: plain text, no CORS headers */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": "Internal Server Error";
                };
            };
            /** @description Unavailable: scenario flaky, too many request bodies in flight, or a --db write that failed (nothing was changed) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPError"];
                };
            };
        };
    };
    run_simulation_v1_simulations__simulation_id__run_post: {
        parameters: {
            query?: never;
            header?: {
                authorization?: string;
            };
            path: {
                simulation_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The simulation, now running */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "d4d9d141-4c93-43b8-8366-798368cc05ac",
                     *       "mode": "research",
                     *       "goal": "concept_test",
                     *       "inputs": {
                     *         "concept": "Weeknight Flex: keep the app and the recipes, and order a box only in the weeks you want one. No weekly subscription, no skipping to remember. Order by Thursday for delivery from Tuesday.",
                     *         "product_name": "Weeknight Flex",
                     *         "price_point": "£5.49 a portion for 2 people, delivery £4.99 (free over £60)"
                     *       },
                     *       "user_model_ids": [
                     *         "3f6c2a1e-8b4d-4c7a-9e2f-5a1b7c9d0e11",
                     *         "8a2e4f60-1c3b-4d5e-a6f7-0b9c8d7e6f52"
                     *       ],
                     *       "title": "Weeknight Flex: appeal and intent",
                     *       "project_id": "a725f3b1-e81f-4f07-8233-24de594915e1",
                     *       "round_id": "2e9d0c08-2cd6-43e1-9b18-783da033af66",
                     *       "status": "running",
                     *       "context_id": "2b43e123-d51e-419d-9e35-5449283dacfd",
                     *       "plan": {
                     *         "question_text": "Is Weeknight Flex appealing, different and relevant enough that people would sign up for it at £5.49 per portion?",
                     *         "hypothesis_text": "At least 50% of respondents rate Weeknight Flex quite or very appealing, and at least 25% say they would probably or definitely sign up for it at £5.49 per portion. Proposed by the plan, as the brief states no hypothesis: half finding it appealing and a quarter saying they would take it up are the benchmarks this plan uses for a concept worth taking forward, not norms of its field.",
                     *         "survey_questions": [
                     *           {
                     *             "question_text": "Here is a new idea: \"Weeknight Flex: keep the app and the recipes, and order a box only in the weeks you want one. No weekly subscription, no skipping to remember. Order by Thursday for delivery from Tuesday.\" How appealing is it to you, for your household?",
                     *             "question_type": "single_choice",
                     *             "answer_options": [
                     *               "Not at all appealing",
                     *               "Not very appealing",
                     *               "Neither appealing nor unappealing"
                     *             ],
                     *             "insight": "How many find Weeknight Flex appealing at first read; the top-two-box share is the headline figure the idea is judged on.",
                     *             "variable_name": "appeal"
                     *           },
                     *           {
                     *             "question_text": "How new and different is Weeknight Flex from anything you can get today?",
                     *             "question_type": "single_choice",
                     *             "answer_options": [
                     *               "Not at all different",
                     *               "Slightly different",
                     *               "Somewhat different"
                     *             ],
                     *             "insight": "Differentiation: whether the idea gives people a reason to change rather than being one more option.",
                     *             "variable_name": "uniqueness"
                     *           },
                     *           {
                     *             "question_text": "How relevant is Weeknight Flex to your own day-to-day needs?",
                     *             "question_type": "single_choice",
                     *             "answer_options": [
                     *               "Not at all relevant",
                     *               "Not very relevant",
                     *               "Somewhat relevant"
                     *             ],
                     *             "insight": "Whether the people asked see a need for Weeknight Flex, which separates a clever idea from a useful one.",
                     *             "variable_name": "relevance"
                     *           }
                     *         ],
                     *         "journey_task": null
                     *       },
                     *       "progress": {
                     *         "completed": 0,
                     *         "total": 570,
                     *         "fraction": 0
                     *       },
                     *       "synthesis": null,
                     *       "markdown": null,
                     *       "results": null,
                     *       "error": null,
                     *       "public": false,
                     *       "share_url": null,
                     *       "created_at": "2026-03-02T09:30:00.000Z",
                     *       "updated_at": "2026-03-02T09:30:01.000Z",
                     *       "planned_at": "2026-03-02T09:30:00.300Z",
                     *       "started_at": "2026-03-02T09:30:01.000Z",
                     *       "completed_at": null
                     *     }
                     */
                    "application/json": components["schemas"]["Simulation"];
                };
            };
            /** @description Not authenticated: no authorization header while the mock runs with --auth required */
            401: {
                headers: {
                    "www-authenticate"?: "Bearer";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPError"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPError"];
                };
            };
            /** @description Refused in the resource's current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPError"];
                };
            };
            /** @description Validation Error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests (scenario rate-limited); Retry-After says when to try again */
            429: {
                headers: {
                    /** @description Seconds to wait */
                    "retry-after"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPError"];
                };
            };
            /** @description An unhandled error (scenario server-error), answered as Starlette does: plain text, no CORS headers */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": "Internal Server Error";
                };
            };
            /** @description Unavailable: scenario flaky, too many request bodies in flight, or a --db write that failed (nothing was changed) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPError"];
                };
            };
        };
    };
    share_simulation_v1_simulations__simulation_id__share_post: {
        parameters: {
            query?: never;
            header?: {
                authorization?: string;
            };
            path: {
                simulation_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The shareable URL */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "url": "http://127.0.0.1:4010/v1/public/simulations/d4d9d141-4c93-43b8-8366-798368cc05ac"
                     *     }
                     */
                    "application/json": components["schemas"]["ShareResponse"];
                };
            };
            /** @description Not authenticated: no authorization header while the mock runs with --auth required */
            401: {
                headers: {
                    "www-authenticate"?: "Bearer";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPError"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPError"];
                };
            };
            /** @description Validation Error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests (scenario rate-limited); Retry-After says when to try again */
            429: {
                headers: {
                    /** @description Seconds to wait */
                    "retry-after"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPError"];
                };
            };
            /** @description An unhandled error (scenario server-error), answered as Starlette does: plain text, no CORS headers */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": "Internal Server Error";
                };
            };
            /** @description Unavailable: scenario flaky, too many request bodies in flight, or a --db write that failed (nothing was changed) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPError"];
                };
            };
        };
    };
    public_simulation_v1_public_simulations__simulation_id__get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                simulation_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The shared simulation */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                    "application/json": components["schemas"]["Simulation"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPError"];
                };
            };
            /** @description Validation Error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests (scenario rate-limited); Retry-After says when to try again */
            429: {
                headers: {
                    /** @description Seconds to wait */
                    "retry-after"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPError"];
                };
            };
            /** @description An unhandled error (scenario server-error), answered as Starlette does: plain text, no CORS headers */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": "Internal Server Error";
                };
            };
            /** @description Unavailable: scenario flaky, too many request bodies in flight, or a --db write that failed (nothing was changed) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPError"];
                };
            };
        };
    };
    list_projects_v1_projects_get: {
        parameters: {
            query?: never;
            header?: {
                authorization?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Projects */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": "e8f6e1da-42de-4d05-b513-b87603cc49ef",
                     *         "name": "Weeknight Flex: plans without a weekly box",
                     *         "context_id": "bcfa7cb7-03e3-4121-83cd-d1d3c5b38f39",
                     *         "owner_id": "a5188c5b-3582-5e37-af65-24950a9a2aba",
                     *         "created_at": "2026-01-27T19:06:00.000Z",
                     *         "updated_at": "2026-01-27T19:06:00.000Z",
                     *         "last_active_at": "2026-03-02T09:30:00.000Z"
                     *       },
                     *       {
                     *         "id": "9a3e1125-1c13-43a7-a49d-ba831f61363e",
                     *         "name": "Kontor Team: plan and price",
                     *         "context_id": "9791ff03-d9e8-4c8a-a705-06edfc0265aa",
                     *         "owner_id": "a5188c5b-3582-5e37-af65-24950a9a2aba",
                     *         "created_at": "2026-02-18T19:06:00.000Z",
                     *         "updated_at": "2026-02-18T19:06:00.000Z",
                     *         "last_active_at": "2026-03-01T19:34:48.000Z"
                     *       },
                     *       {
                     *         "id": "6bc97d97-7033-4f2f-933d-be43d5bf706f",
                     *         "name": "Kontor: e-invoice readiness",
                     *         "context_id": "9791ff03-d9e8-4c8a-a705-06edfc0265aa",
                     *         "owner_id": "a5188c5b-3582-5e37-af65-24950a9a2aba",
                     *         "created_at": "2026-01-31T19:06:00.000Z",
                     *         "updated_at": "2026-01-31T19:06:00.000Z",
                     *         "last_active_at": "2026-02-26T20:18:00.000Z"
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["Project"][];
                };
            };
            /** @description Not authenticated: no authorization header while the mock runs with --auth required */
            401: {
                headers: {
                    "www-authenticate"?: "Bearer";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPError"];
                };
            };
            /** @description Validation Error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests (scenario rate-limited); Retry-After says when to try again */
            429: {
                headers: {
                    /** @description Seconds to wait */
                    "retry-after"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPError"];
                };
            };
            /** @description An unhandled error (scenario server-error), answered as Starlette does: plain text, no CORS headers */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": "Internal Server Error";
                };
            };
            /** @description Unavailable: scenario flaky, too many request bodies in flight, or a --db write that failed (nothing was changed) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPError"];
                };
            };
        };
    };
    create_project_v1_projects_post: {
        parameters: {
            query?: never;
            header?: {
                authorization?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "name": "Weeknight Flex: plans without a weekly box",
                 *       "context_id": "2b43e123-d51e-419d-9e35-5449283dacfd"
                 *     }
                 */
                "application/json": components["schemas"]["CreateProjectBody"];
            };
        };
        responses: {
            /** @description The new project */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "a725f3b1-e81f-4f07-8233-24de594915e1",
                     *       "name": "Weeknight Flex: plans without a weekly box",
                     *       "context_id": "2b43e123-d51e-419d-9e35-5449283dacfd",
                     *       "owner_id": "a5188c5b-3582-5e37-af65-24950a9a2aba",
                     *       "created_at": "2026-03-02T09:30:00.000Z",
                     *       "updated_at": "2026-03-02T09:30:00.000Z",
                     *       "last_active_at": "2026-03-02T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Project"];
                };
            };
            /** @description Not authenticated: no authorization header while the mock runs with --auth required */
            401: {
                headers: {
                    "www-authenticate"?: "Bearer";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPError"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPError"];
                };
            };
            /** @description A JSON body over 1 MiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPError"];
                };
            };
            /** @description Validation Error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests (scenario rate-limited); Retry-After says when to try again */
            429: {
                headers: {
                    /** @description Seconds to wait */
                    "retry-after"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPError"];
                };
            };
            /** @description An unhandled error (scenario server-error), answered as Starlette does: plain text, no CORS headers */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": "Internal Server Error";
                };
            };
            /** @description Unavailable: scenario flaky, too many request bodies in flight, or a --db write that failed (nothing was changed) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPError"];
                };
            };
        };
    };
    get_project_v1_projects__project_id__get: {
        parameters: {
            query?: never;
            header?: {
                authorization?: string;
            };
            path: {
                project_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The project */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "e8f6e1da-42de-4d05-b513-b87603cc49ef",
                     *       "name": "Weeknight Flex: plans without a weekly box",
                     *       "context_id": "bcfa7cb7-03e3-4121-83cd-d1d3c5b38f39",
                     *       "owner_id": "a5188c5b-3582-5e37-af65-24950a9a2aba",
                     *       "created_at": "2026-01-27T19:06:00.000Z",
                     *       "updated_at": "2026-01-27T19:06:00.000Z",
                     *       "last_active_at": "2026-03-02T09:30:00.000Z",
                     *       "rounds": [
                     *         {
                     *           "id": "9d7086f3-8e31-477f-a79e-c0f0d9cb70d2",
                     *           "number": 1,
                     *           "title": "Does a no-commitment plan appeal?",
                     *           "artefact_name": "Concept brief: Weeknight Flex",
                     *           "artefact_type": "text",
                     *           "simulations": [
                     *             {
                     *               "id": "cad6cb25-5a5e-4f91-bc80-e06ecce55c7d",
                     *               "title": "Weeknight Flex: appeal and intent",
                     *               "status": "completed",
                     *               "mode": "research",
                     *               "goal": "concept_test"
                     *             },
                     *             {
                     *               "id": "d468576c-1207-409e-9d40-51badfe1c72f",
                     *               "title": "Flex price per portion",
                     *               "status": "completed",
                     *               "mode": "research",
                     *               "goal": "pricing"
                     *             }
                     *           ],
                     *           "synthesis": "## Round 1 synthesis\n\nThis synthesis covers 2 completed simulations of the round.\n\n### What each simulation found\n\n- **Weeknight Flex: appeal and intent** (research, 510 respondents): Weeknight Flex appeals to 44.7% (\"Very appealing\" or \"Quite appealing\") and 13.9% say \"Definitely would sign up for it\" or \"Probably would sign up for it\" at £5.49 per portion; its strongest point is relevance (53.7%…",
                     *           "synthesis_status": "completed",
                     *           "synthesis_error": null,
                     *           "synthesis_stale": false,
                     *           "created_at": "2026-01-27T19:34:48.000Z"
                     *         },
                     *         {
                     *           "id": "44339c24-c71b-471f-beb1-8dfa1948fbd4",
                     *           "number": 2,
                     *           "title": "Flex landing page and headline",
                     *           "artefact_name": "Flex landing page (draft)",
                     *           "artefact_type": "url",
                     *           "simulations": [
                     *             {
                     *               "id": "c313071e-0cc9-4ebc-94c9-3b74a310e481",
                     *               "title": "Flex headline test",
                     *               "status": "completed",
                     *               "mode": "research",
                     *               "goal": "message_test"
                     *             },
                     *             {
                     *               "id": "d61b5701-56bf-4d94-b681-c82dfde4aaea",
                     *               "title": "Flex landing page: first five seconds",
                     *               "status": "completed",
                     *               "mode": "journey",
                     *               "goal": "first_impression"
                     *             }
                     *           ],
                     *           "synthesis": "## Round 2 synthesis\n\nThis synthesis covers 2 completed simulations of the round.\n\n### What each simulation found\n\n- **Flex headline test** (research, 300 respondents): No message clearly wins: \"Skip the weekly box. Keep the easy dinners.\" (50.0%) and \"No subscription guilt: order the weeks that suit you.\" (43.3%) are within the margin of error of each other (share persuaded, top-two box).\n- **Fle…",
                     *           "synthesis_status": "completed",
                     *           "synthesis_error": null,
                     *           "synthesis_stale": false,
                     *           "created_at": "2026-02-04T19:34:48.000Z"
                     *         },
                     *         {
                     *           "id": "3b4473b4-e578-4c88-a9df-e6eab068feb0",
                     *           "number": 3,
                     *           "title": "What would keep Flex customers ordering",
                     *           "artefact_name": null,
                     *           "artefact_type": null,
                     *           "simulations": [
                     *             {
                     *               "id": "e71727c1-0fa1-4ae4-8172-48d711d09c40",
                     *               "title": "What would keep Flex customers ordering",
                     *               "status": "planning",
                     *               "mode": "research",
                     *               "goal": "feature_prioritisation"
                     *             }
                     *           ],
                     *           "synthesis": null,
                     *           "synthesis_status": null,
                     *           "synthesis_error": null,
                     *           "synthesis_stale": false,
                     *           "created_at": "2026-02-28T19:34:48.000Z"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ProjectWithRounds"];
                };
            };
            /** @description Not authenticated: no authorization header while the mock runs with --auth required */
            401: {
                headers: {
                    "www-authenticate"?: "Bearer";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPError"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPError"];
                };
            };
            /** @description Validation Error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests (scenario rate-limited); Retry-After says when to try again */
            429: {
                headers: {
                    /** @description Seconds to wait */
                    "retry-after"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPError"];
                };
            };
            /** @description An unhandled error (scenario server-error), answered as Starlette does: plain text, no CORS headers */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": "Internal Server Error";
                };
            };
            /** @description Unavailable: scenario flaky, too many request bodies in flight, or a --db write that failed (nothing was changed) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPError"];
                };
            };
        };
    };
    rename_project_v1_projects__project_id__patch: {
        parameters: {
            query?: never;
            header?: {
                authorization?: string;
            };
            path: {
                project_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Weeknight Flex"
                 *     }
                 */
                "application/json": components["schemas"]["RenameProjectBody"];
            };
        };
        responses: {
            /** @description The renamed project */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "a725f3b1-e81f-4f07-8233-24de594915e1",
                     *       "name": "Weeknight Flex",
                     *       "context_id": "2b43e123-d51e-419d-9e35-5449283dacfd",
                     *       "owner_id": "a5188c5b-3582-5e37-af65-24950a9a2aba",
                     *       "created_at": "2026-03-02T09:30:00.000Z",
                     *       "updated_at": "2026-03-02T09:30:00.000Z",
                     *       "last_active_at": "2026-03-02T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Project"];
                };
            };
            /** @description Not authenticated: no authorization header while the mock runs with --auth required */
            401: {
                headers: {
                    "www-authenticate"?: "Bearer";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPError"];
                };
            };
            /** @description Not allowed for this caller */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPError"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPError"];
                };
            };
            /** @description A JSON body over 1 MiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPError"];
                };
            };
            /** @description Validation Error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests (scenario rate-limited); Retry-After says when to try again */
            429: {
                headers: {
                    /** @description Seconds to wait */
                    "retry-after"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPError"];
                };
            };
            /** @description An unhandled error (scenario server-error), answered as Starlette does: plain text, no CORS headers */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": "Internal Server Error";
                };
            };
            /** @description Unavailable: scenario flaky, too many request bodies in flight, or a --db write that failed (nothing was changed) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPError"];
                };
            };
        };
    };
    create_round_v1_projects__project_id__rounds_post: {
        parameters: {
            query?: never;
            header?: {
                authorization?: string;
            };
            path: {
                project_id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "title": "Does a no-commitment plan appeal?"
                 *     }
                 */
                "application/json": components["schemas"]["CreateRoundBody"];
            };
        };
        responses: {
            /** @description The new round */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "2e9d0c08-2cd6-43e1-9b18-783da033af66",
                     *       "number": 1,
                     *       "title": "Does a no-commitment plan appeal?",
                     *       "artefact_name": null,
                     *       "artefact_type": null,
                     *       "simulations": [],
                     *       "synthesis": null,
                     *       "synthesis_status": null,
                     *       "synthesis_error": null,
                     *       "synthesis_stale": false,
                     *       "created_at": "2026-03-02T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Round"];
                };
            };
            /** @description Not authenticated: no authorization header while the mock runs with --auth required */
            401: {
                headers: {
                    "www-authenticate"?: "Bearer";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPError"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPError"];
                };
            };
            /** @description Refused in the resource's current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPError"];
                };
            };
            /** @description A JSON body over 1 MiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPError"];
                };
            };
            /** @description Validation Error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests (scenario rate-limited); Retry-After says when to try again */
            429: {
                headers: {
                    /** @description Seconds to wait */
                    "retry-after"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPError"];
                };
            };
            /** @description An unhandled error (scenario server-error), answered as Starlette does: plain text, no CORS headers */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": "Internal Server Error";
                };
            };
            /** @description Unavailable: scenario flaky, too many request bodies in flight, or a --db write that failed (nothing was changed) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPError"];
                };
            };
        };
    };
    rename_round_v1_projects__project_id__rounds__round_id__patch: {
        parameters: {
            query?: never;
            header?: {
                authorization?: string;
            };
            path: {
                project_id: string;
                round_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "title": "Does a no-commitment plan appeal? (round 1)"
                 *     }
                 */
                "application/json": components["schemas"]["RenameRoundBody"];
            };
        };
        responses: {
            /** @description The renamed round */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "2e9d0c08-2cd6-43e1-9b18-783da033af66",
                     *       "number": 1,
                     *       "title": "Does a no-commitment plan appeal? (round 1)",
                     *       "artefact_name": null,
                     *       "artefact_type": null,
                     *       "simulations": [],
                     *       "synthesis": null,
                     *       "synthesis_status": null,
                     *       "synthesis_error": null,
                     *       "synthesis_stale": false,
                     *       "created_at": "2026-03-02T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Round"];
                };
            };
            /** @description Not authenticated: no authorization header while the mock runs with --auth required */
            401: {
                headers: {
                    "www-authenticate"?: "Bearer";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPError"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPError"];
                };
            };
            /** @description A JSON body over 1 MiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPError"];
                };
            };
            /** @description Validation Error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests (scenario rate-limited); Retry-After says when to try again */
            429: {
                headers: {
                    /** @description Seconds to wait */
                    "retry-after"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPError"];
                };
            };
            /** @description An unhandled error (scenario server-error), answered as Starlette does: plain text, no CORS headers */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": "Internal Server Error";
                };
            };
            /** @description Unavailable: scenario flaky, too many request bodies in flight, or a --db write that failed (nothing was changed) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPError"];
                };
            };
        };
    };
    attach_artefact_v1_projects__project_id__rounds__round_id__artefact_post: {
        parameters: {
            query?: never;
            header?: {
                authorization?: string;
            };
            path: {
                project_id: string;
                round_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Concept brief: Weeknight Flex",
                 *       "text": "Weeknight Flex (working name)\n\nNo weekly box. Subscribers keep the app, the menu and their saved recipes, and order a box only for the weeks they want, up to Thursday for delivery from the following Tuesday. No minimum number of boxes, no pause or skip to remember.\n\nPrice: £5.49 a portion on the 2-person plan (£4.99 today on the weekly plan), delivery £4.99, free over £60.\n\nWho it is for: househol…"
                 *     }
                 */
                "application/json": components["schemas"]["ArtefactBody"];
            };
        };
        responses: {
            /** @description The round with its artefact */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "2e9d0c08-2cd6-43e1-9b18-783da033af66",
                     *       "number": 1,
                     *       "title": "Does a no-commitment plan appeal? (round 1)",
                     *       "artefact_name": "Concept brief: Weeknight Flex",
                     *       "artefact_type": "text",
                     *       "simulations": [],
                     *       "synthesis": null,
                     *       "synthesis_status": null,
                     *       "synthesis_error": null,
                     *       "synthesis_stale": false,
                     *       "created_at": "2026-03-02T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Round"];
                };
            };
            /** @description Not authenticated: no authorization header while the mock runs with --auth required */
            401: {
                headers: {
                    "www-authenticate"?: "Bearer";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPError"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPError"];
                };
            };
            /** @description A JSON body over 1 MiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPError"];
                };
            };
            /** @description Validation Error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests (scenario rate-limited); Retry-After says when to try again */
            429: {
                headers: {
                    /** @description Seconds to wait */
                    "retry-after"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPError"];
                };
            };
            /** @description An unhandled error (scenario server-error), answered as Starlette does: plain text, no CORS headers */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": "Internal Server Error";
                };
            };
            /** @description Unavailable: scenario flaky, too many request bodies in flight, or a --db write that failed (nothing was changed) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPError"];
                };
            };
        };
    };
    attach_artefact_file_v1_projects__project_id__rounds__round_id__artefact_file_post: {
        parameters: {
            query?: never;
            header?: {
                authorization?: string;
            };
            path: {
                project_id: string;
                round_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /**
                     * Format: binary
                     * @description pdf, docx, md or txt; 10 MB max
                     */
                    file: Blob;
                } | FormData;
            };
        };
        responses: {
            /** @description The round with its artefact */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "2e9d0c08-2cd6-43e1-9b18-783da033af66",
                     *       "number": 1,
                     *       "title": "Does a no-commitment plan appeal? (round 1)",
                     *       "artefact_name": "concept-brief.md",
                     *       "artefact_type": "file",
                     *       "simulations": [],
                     *       "synthesis": null,
                     *       "synthesis_status": null,
                     *       "synthesis_error": null,
                     *       "synthesis_stale": false,
                     *       "created_at": "2026-03-02T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Round"];
                };
            };
            /** @description Not authenticated: no authorization header while the mock runs with --auth required */
            401: {
                headers: {
                    "www-authenticate"?: "Bearer";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPError"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPError"];
                };
            };
            /** @description File too large; A JSON body over 1 MiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPError"];
                };
            };
            /** @description Unsupported file type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPError"];
                };
            };
            /** @description Validation Error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests (scenario rate-limited); Retry-After says when to try again */
            429: {
                headers: {
                    /** @description Seconds to wait */
                    "retry-after"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPError"];
                };
            };
            /** @description An unhandled error (scenario server-error), answered as Starlette does: plain text, no CORS headers */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": "Internal Server Error";
                };
            };
            /** @description Unavailable: scenario flaky, too many request bodies in flight, or a --db write that failed (nothing was changed) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPError"];
                };
            };
        };
    };
    regenerate_synthesis_v1_projects__project_id__rounds__round_id__synthesis_post: {
        parameters: {
            query?: never;
            header?: {
                authorization?: string;
            };
            path: {
                project_id: string;
                round_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The round, synthesis_status generating */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "2e9d0c08-2cd6-43e1-9b18-783da033af66",
                     *       "number": 1,
                     *       "title": "Does a no-commitment plan appeal? (round 1)",
                     *       "artefact_name": "concept-brief.md",
                     *       "artefact_type": "file",
                     *       "simulations": [
                     *         {
                     *           "id": "d4d9d141-4c93-43b8-8366-798368cc05ac",
                     *           "title": "Weeknight Flex: appeal and intent",
                     *           "status": "completed",
                     *           "mode": "research",
                     *           "goal": "concept_test"
                     *         }
                     *       ],
                     *       "synthesis": null,
                     *       "synthesis_status": "generating",
                     *       "synthesis_error": null,
                     *       "synthesis_stale": true,
                     *       "created_at": "2026-03-02T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Round"];
                };
            };
            /** @description Not authenticated: no authorization header while the mock runs with --auth required */
            401: {
                headers: {
                    "www-authenticate"?: "Bearer";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPError"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPError"];
                };
            };
            /** @description Validation Error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests (scenario rate-limited); Retry-After says when to try again */
            429: {
                headers: {
                    /** @description Seconds to wait */
                    "retry-after"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPError"];
                };
            };
            /** @description An unhandled error (scenario server-error), answered as Starlette does: plain text, no CORS headers */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": "Internal Server Error";
                };
            };
            /** @description Unavailable: scenario flaky, too many request bodies in flight, or a --db write that failed (nothing was changed) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPError"];
                };
            };
        };
    };
    default_context_v1_context_get: {
        parameters: {
            query?: never;
            header?: {
                authorization?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The default context, or has_context false */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "9791ff03-d9e8-4c8a-a705-06edfc0265aa",
                     *       "name": "Kontor",
                     *       "scope": "user",
                     *       "owner_id": "a5188c5b-3582-5e37-af65-24950a9a2aba",
                     *       "created_at": "2026-01-22T18:37:12.000Z",
                     *       "updated_at": "2026-01-22T18:37:12.000Z",
                     *       "body": "# Kontor\n\n**What it is.** Kontor is invoicing software for freelancers and small businesses in Germany and Austria, in the browser and on iOS and Android. Write an invoice in under a minute, send it as a PDF or as a compliant e-invoice (XRechnung or ZUGFeRD), get paid by bank transfer or card, send reminders automatically, and hand clean records to the tax adviser through a DATEV export.\n\n**Who us…",
                     *       "has_context": true
                     *     }
                     */
                    "application/json": components["schemas"]["DefaultContext"];
                };
            };
            /** @description Not authenticated: no authorization header while the mock runs with --auth required */
            401: {
                headers: {
                    "www-authenticate"?: "Bearer";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPError"];
                };
            };
            /** @description Validation Error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests (scenario rate-limited); Retry-After says when to try again */
            429: {
                headers: {
                    /** @description Seconds to wait */
                    "retry-after"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPError"];
                };
            };
            /** @description An unhandled error (scenario server-error), answered as Starlette does: plain text, no CORS headers */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": "Internal Server Error";
                };
            };
            /** @description Unavailable: scenario flaky, too many request bodies in flight, or a --db write that failed (nothing was changed) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPError"];
                };
            };
        };
    };
    list_contexts_v1_contexts_get: {
        parameters: {
            query?: never;
            header?: {
                authorization?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Contexts without their body */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": "9791ff03-d9e8-4c8a-a705-06edfc0265aa",
                     *         "name": "Kontor",
                     *         "scope": "user",
                     *         "owner_id": "a5188c5b-3582-5e37-af65-24950a9a2aba",
                     *         "created_at": "2026-01-22T18:37:12.000Z",
                     *         "updated_at": "2026-01-22T18:37:12.000Z"
                     *       },
                     *       {
                     *         "id": "bcfa7cb7-03e3-4121-83cd-d1d3c5b38f39",
                     *         "name": "Weeknight",
                     *         "scope": "user",
                     *         "owner_id": "a5188c5b-3582-5e37-af65-24950a9a2aba",
                     *         "created_at": "2026-01-20T18:37:12.000Z",
                     *         "updated_at": "2026-01-20T18:37:12.000Z"
                     *       },
                     *       {
                     *         "id": "7e8a8dfa-cece-5a09-8c87-c4ca417068ab",
                     *         "name": "Research guidelines",
                     *         "scope": "organisation",
                     *         "owner_id": "aca10988-e475-582f-ae4e-56832ffb2079",
                     *         "created_at": "2025-09-15T09:30:00.000Z",
                     *         "updated_at": "2025-09-15T09:30:00.000Z"
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["ContextSummary"][];
                };
            };
            /** @description Not authenticated: no authorization header while the mock runs with --auth required */
            401: {
                headers: {
                    "www-authenticate"?: "Bearer";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPError"];
                };
            };
            /** @description Validation Error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests (scenario rate-limited); Retry-After says when to try again */
            429: {
                headers: {
                    /** @description Seconds to wait */
                    "retry-after"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPError"];
                };
            };
            /** @description An unhandled error (scenario server-error), answered as Starlette does: plain text, no CORS headers */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": "Internal Server Error";
                };
            };
            /** @description Unavailable: scenario flaky, too many request bodies in flight, or a --db write that failed (nothing was changed) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPError"];
                };
            };
        };
    };
    create_context_v1_contexts_post: {
        parameters: {
            query?: never;
            header?: {
                authorization?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Weeknight",
                 *       "body": "# Weeknight\n\n**What it is.** Weeknight is a UK meal-kit subscription app. Each week subscribers pick recipes in the app and get a chilled box with exactly portioned ingredients and step-by-step cards. Every recipe takes 30 minutes or less and uses one pan or one tray: the promise is dinner on the table before the news ends.\n\n**Who uses it.** Households of two to four in England and Wales, mostly 2…"
                 *     }
                 */
                "application/json": components["schemas"]["CreateContextBody"];
            };
        };
        responses: {
            /** @description The new context */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "2b43e123-d51e-419d-9e35-5449283dacfd",
                     *       "name": "Weeknight",
                     *       "scope": "user",
                     *       "owner_id": "a5188c5b-3582-5e37-af65-24950a9a2aba",
                     *       "created_at": "2026-03-02T09:30:00.000Z",
                     *       "updated_at": "2026-03-02T09:30:00.000Z",
                     *       "body": "# Weeknight\n\n**What it is.** Weeknight is a UK meal-kit subscription app. Each week subscribers pick recipes in the app and get a chilled box with exactly portioned ingredients and step-by-step cards. Every recipe takes 30 minutes or less and uses one pan or one tray: the promise is dinner on the table before the news ends.\n\n**Who uses it.** Households of two to four in England and Wales, mostly 2…"
                     *     }
                     */
                    "application/json": components["schemas"]["Context"];
                };
            };
            /** @description Not authenticated: no authorization header while the mock runs with --auth required */
            401: {
                headers: {
                    "www-authenticate"?: "Bearer";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPError"];
                };
            };
            /** @description A JSON body over 1 MiB, or contexts past --max-context-mb for the organisation */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPError"];
                };
            };
            /** @description Validation Error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests (scenario rate-limited); Retry-After says when to try again */
            429: {
                headers: {
                    /** @description Seconds to wait */
                    "retry-after"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPError"];
                };
            };
            /** @description An unhandled error (scenario server-error), answered as Starlette does: plain text, no CORS headers */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": "Internal Server Error";
                };
            };
            /** @description Unavailable: scenario flaky, too many request bodies in flight, or a --db write that failed (nothing was changed) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPError"];
                };
            };
        };
    };
    get_context_v1_contexts__context_id__get: {
        parameters: {
            query?: never;
            header?: {
                authorization?: string;
            };
            path: {
                context_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The context */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "9791ff03-d9e8-4c8a-a705-06edfc0265aa",
                     *       "name": "Kontor",
                     *       "scope": "user",
                     *       "owner_id": "a5188c5b-3582-5e37-af65-24950a9a2aba",
                     *       "created_at": "2026-01-22T18:37:12.000Z",
                     *       "updated_at": "2026-01-22T18:37:12.000Z",
                     *       "body": "# Kontor\n\n**What it is.** Kontor is invoicing software for freelancers and small businesses in Germany and Austria, in the browser and on iOS and Android. Write an invoice in under a minute, send it as a PDF or as a compliant e-invoice (XRechnung or ZUGFeRD), get paid by bank transfer or card, send reminders automatically, and hand clean records to the tax adviser through a DATEV export.\n\n**Who us…"
                     *     }
                     */
                    "application/json": components["schemas"]["Context"];
                };
            };
            /** @description Not authenticated: no authorization header while the mock runs with --auth required */
            401: {
                headers: {
                    "www-authenticate"?: "Bearer";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPError"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPError"];
                };
            };
            /** @description Validation Error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests (scenario rate-limited); Retry-After says when to try again */
            429: {
                headers: {
                    /** @description Seconds to wait */
                    "retry-after"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPError"];
                };
            };
            /** @description An unhandled error (scenario server-error), answered as Starlette does: plain text, no CORS headers */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": "Internal Server Error";
                };
            };
            /** @description Unavailable: scenario flaky, too many request bodies in flight, or a --db write that failed (nothing was changed) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPError"];
                };
            };
        };
    };
    get_answer_v1_answers__answer_id__get: {
        parameters: {
            query?: never;
            header?: {
                authorization?: string;
            };
            path: {
                answer_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The answer */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": "fab2ccd6-15d9-4e90-8d8e-f36c0ae87164",
                     *         "created_at": "2026-03-02T09:32:02.000Z",
                     *         "population": "e7f8a9b0-2c3d-4e5f-b6a7-8c9d0e1f2a35",
                     *         "population_name": "UK main grocery shoppers",
                     *         "status": "ready",
                     *         "question": "When you plan the week's dinners, what decides most?",
                     *         "accuracy": 0.9534038834951456,
                     *         "squared_error": 0.0021403239004618726,
                     *         "root_mean_squared_error": 0.02068972643831654,
                     *         "simulated_answer_percentages": {
                     *           "What is on offer": 0.152,
                     *           "What the family will eat": 0.2989,
                     *           "How long it takes": 0.2878,
                     *           "What is healthy": 0.1335,
                     *           "I don't plan": 0.1278
                     *         },
                     *         "predicted_answer_percentages": {
                     *           "What is on offer": 0.152,
                     *           "What the family will eat": 0.2989,
                     *           "How long it takes": 0.2878,
                     *           "What is healthy": 0.1335,
                     *           "I don't plan": 0.1278
                     *         },
                     *         "information_loss": 0.004750294135126749,
                     *         "normalised_information_loss": 0.0029515236955878865,
                     *         "batch": "5d432df7-55d5-45c8-8bda-e17a66d7985a",
                     *         "prediction_started_at": "2026-03-02T09:32:02.000Z",
                     *         "prediction_finished_at": "2026-03-02T09:32:02.000Z",
                     *         "test_started_at": "2026-03-02T09:32:02.000Z",
                     *         "test_finished_at": "2026-03-02T09:32:02.000Z",
                     *         "ground_answer_counts": {
                     *           "What is on offer": 58,
                     *           "What the family will eat": 131,
                     *           "How long it takes": 104,
                     *           "What is healthy": 62,
                     *           "I don't plan": 57
                     *         },
                     *         "ground_answer_percentages": {
                     *           "What is on offer": 0.1407766990291262,
                     *           "What the family will eat": 0.3179611650485437,
                     *           "How long it takes": 0.2524271844660194,
                     *           "What is healthy": 0.15048543689320387,
                     *           "I don't plan": 0.1383495145631068
                     *         },
                     *         "simulation_engine": "simulacra-3.1",
                     *         "public": false,
                     *         "answer_options": [
                     *           "What is on offer",
                     *           "What the family will eat",
                     *           "How long it takes"
                     *         ],
                     *         "question_options": {
                     *           "question_type": "single-choice"
                     *         }
                     *       },
                     *       "errors": null
                     *     }
                     */
                    "application/json": components["schemas"]["AnswerResponse"];
                };
            };
            /** @description Not authenticated: no authorization header while the mock runs with --auth required */
            401: {
                headers: {
                    "www-authenticate"?: "Bearer";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPError"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EnvelopeError"];
                };
            };
            /** @description Validation Error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests (scenario rate-limited); Retry-After says when to try again */
            429: {
                headers: {
                    /** @description Seconds to wait */
                    "retry-after"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPError"];
                };
            };
            /** @description An unhandled error (scenario server-error), answered as Starlette does: plain text, no CORS headers */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": "Internal Server Error";
                };
            };
            /** @description Unavailable: scenario flaky, too many request bodies in flight, or a --db write that failed (nothing was changed) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPError"] | components["schemas"]["EnvelopeError"];
                };
            };
        };
    };
    create_answer_v1_answers_post: {
        parameters: {
            query?: never;
            header?: {
                authorization?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "population_id": "e7f8a9b0-2c3d-4e5f-b6a7-8c9d0e1f2a35",
                 *       "question": "How many evening meals do you cook from scratch in a typical week?",
                 *       "answer_options": [
                 *         "None",
                 *         "1-2",
                 *         "3-4"
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["CreatePredictionBody"];
            };
        };
        responses: {
            /** @description The new prediction */
            201: {
                headers: {
                    /** @description Always `true`: this operation is deprecated */
                    Deprecation?: string;
                    /** @description The operation that replaces this one */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": "6b9b6783-ef24-465c-9b7e-0ccd501f109d",
                     *         "created_at": "2026-03-02T09:32:02.000Z",
                     *         "population": "e7f8a9b0-2c3d-4e5f-b6a7-8c9d0e1f2a35",
                     *         "population_name": "UK main grocery shoppers",
                     *         "status": "ready",
                     *         "question": "How many evening meals do you cook from scratch in a typical week?",
                     *         "simulated_answer_percentages": {
                     *           "None": 0.28,
                     *           "1-2": 0.2793,
                     *           "3-4": 0.2611,
                     *           "5 or more": 0.1796
                     *         },
                     *         "predicted_answer_percentages": {
                     *           "None": 0.28,
                     *           "1-2": 0.2793,
                     *           "3-4": 0.2611,
                     *           "5 or more": 0.1796
                     *         },
                     *         "batch": "6a3244aa-1191-41eb-8ea4-2ca79668e206",
                     *         "prediction_started_at": "2026-03-02T09:32:02.000Z",
                     *         "prediction_finished_at": "2026-03-02T09:32:02.000Z",
                     *         "simulation_engine": "simulacra-3.1",
                     *         "public": false,
                     *         "answer_options": [
                     *           "None",
                     *           "1-2",
                     *           "3-4"
                     *         ],
                     *         "question_options": {
                     *           "question_type": "single-choice"
                     *         }
                     *       },
                     *       "errors": null
                     *     }
                     */
                    "application/json": components["schemas"]["PredictionResponse"];
                };
            };
            /** @description The request is well-formed but cannot be used */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EnvelopeError"];
                };
            };
            /** @description Not authenticated: no authorization header while the mock runs with --auth required */
            401: {
                headers: {
                    "www-authenticate"?: "Bearer";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPError"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EnvelopeError"];
                };
            };
            /** @description A JSON body over 1 MiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPError"];
                };
            };
            /** @description Validation Error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests (scenario rate-limited); Retry-After says when to try again */
            429: {
                headers: {
                    /** @description Seconds to wait */
                    "retry-after"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPError"];
                };
            };
            /** @description An unhandled error (scenario server-error), answered as Starlette does: plain text, no CORS headers */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": "Internal Server Error";
                };
            };
            /** @description Unavailable: scenario flaky, too many request bodies in flight, or a --db write that failed (nothing was changed) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPError"] | components["schemas"]["EnvelopeError"];
                };
            };
        };
    };
    create_benchmark_answer_v1_answers_benchmark_post: {
        parameters: {
            query?: never;
            header?: {
                authorization?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "population_id": "e7f8a9b0-2c3d-4e5f-b6a7-8c9d0e1f2a35",
                 *       "question": "When you plan the week's dinners, what decides most?",
                 *       "answer_options": [
                 *         "What is on offer",
                 *         "What the family will eat",
                 *         "How long it takes"
                 *       ],
                 *       "ground_answer_counts": {
                 *         "What is on offer": 58,
                 *         "What the family will eat": 131,
                 *         "How long it takes": 104,
                 *         "What is healthy": 62,
                 *         "I don't plan": 57
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["CreateTestBody"];
            };
        };
        responses: {
            /** @description The new answer, also under deprecated field names */
            201: {
                headers: {
                    /** @description Always `true`: this operation is deprecated */
                    Deprecation?: string;
                    /** @description The operation that replaces this one */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": "f50eabed-b6d8-4f44-9992-afa6c698101c",
                     *         "created_at": "2026-03-02T09:32:02.000Z",
                     *         "population": "e7f8a9b0-2c3d-4e5f-b6a7-8c9d0e1f2a35",
                     *         "population_name": "UK main grocery shoppers",
                     *         "status": "ready",
                     *         "question": "When you plan the week's dinners, what decides most?",
                     *         "accuracy": 0.9534038834951456,
                     *         "squared_error": 0.0021403239004618726,
                     *         "root_mean_squared_error": 0.02068972643831654,
                     *         "simulated_answer_percentages": {
                     *           "What is on offer": 0.152,
                     *           "What the family will eat": 0.2989,
                     *           "How long it takes": 0.2878,
                     *           "What is healthy": 0.1335,
                     *           "I don't plan": 0.1278
                     *         },
                     *         "predicted_answer_percentages": {
                     *           "What is on offer": 0.152,
                     *           "What the family will eat": 0.2989,
                     *           "How long it takes": 0.2878,
                     *           "What is healthy": 0.1335,
                     *           "I don't plan": 0.1278
                     *         },
                     *         "information_loss": 0.004750294135126749,
                     *         "kullback_leibler_divergence": 0.004750294135126749,
                     *         "normalised_information_loss": 0.0029515236955878865,
                     *         "batch": "48d14f9d-7ebe-4978-8b68-5011e1f189d7",
                     *         "prediction_started_at": "2026-03-02T09:32:02.000Z",
                     *         "prediction_finished_at": "2026-03-02T09:32:02.000Z",
                     *         "test_started_at": "2026-03-02T09:32:02.000Z",
                     *         "test_finished_at": "2026-03-02T09:32:02.000Z",
                     *         "ground_answer_counts": {
                     *           "What is on offer": 58,
                     *           "What the family will eat": 131,
                     *           "How long it takes": 104,
                     *           "What is healthy": 62,
                     *           "I don't plan": 57
                     *         },
                     *         "ground_answer_percentages": {
                     *           "What is on offer": 0.1407766990291262,
                     *           "What the family will eat": 0.3179611650485437,
                     *           "How long it takes": 0.2524271844660194,
                     *           "What is healthy": 0.15048543689320387,
                     *           "I don't plan": 0.1383495145631068
                     *         },
                     *         "simulation_engine": "simulacra-3.1",
                     *         "public": false,
                     *         "answer_options": [
                     *           "What is on offer",
                     *           "What the family will eat",
                     *           "How long it takes"
                     *         ],
                     *         "question_options": {
                     *           "question_type": "single-choice"
                     *         }
                     *       },
                     *       "errors": null
                     *     }
                     */
                    "application/json": components["schemas"]["DeprecatedAnswerResponse"];
                };
            };
            /** @description The request is well-formed but cannot be used */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EnvelopeError"];
                };
            };
            /** @description Not authenticated: no authorization header while the mock runs with --auth required */
            401: {
                headers: {
                    "www-authenticate"?: "Bearer";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPError"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EnvelopeError"];
                };
            };
            /** @description A JSON body over 1 MiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPError"];
                };
            };
            /** @description Validation Error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests (scenario rate-limited); Retry-After says when to try again */
            429: {
                headers: {
                    /** @description Seconds to wait */
                    "retry-after"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPError"];
                };
            };
            /** @description An unhandled error (scenario server-error), answered as Starlette does: plain text, no CORS headers */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": "Internal Server Error";
                };
            };
            /** @description Unavailable: scenario flaky, too many request bodies in flight, or a --db write that failed (nothing was changed) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPError"] | components["schemas"]["EnvelopeError"];
                };
            };
        };
    };
    get_prediction_batch_v1_predictions_batch__batch_id__get: {
        parameters: {
            query?: never;
            header?: {
                authorization?: string;
            };
            path: {
                batch_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The batch with its predictions */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": "f6fae653-f967-4654-acca-c4f8903ebbbd",
                     *         "name": "Weeknight dinner habits",
                     *         "description": null,
                     *         "created_at": "2026-03-02T09:32:02.000Z",
                     *         "predictions": [
                     *           {
                     *             "id": "58025d70-3cdb-43a7-9e24-6c0b11532ca1",
                     *             "created_at": "2026-03-02T09:32:02.000Z",
                     *             "population": "e7f8a9b0-2c3d-4e5f-b6a7-8c9d0e1f2a35",
                     *             "population_name": "UK main grocery shoppers",
                     *             "status": "ready",
                     *             "question": "How many evening meals do you cook from scratch in a typical week?",
                     *             "simulated_answer_percentages": {
                     *               "None": 0.28,
                     *               "1-2": 0.2793,
                     *               "3-4": 0.2611,
                     *               "5 or more": 0.1796
                     *             },
                     *             "predicted_answer_percentages": {
                     *               "None": 0.28,
                     *               "1-2": 0.2793,
                     *               "3-4": 0.2611,
                     *               "5 or more": 0.1796
                     *             },
                     *             "batch": "f6fae653-f967-4654-acca-c4f8903ebbbd",
                     *             "prediction_started_at": "2026-03-02T09:32:02.000Z",
                     *             "prediction_finished_at": "2026-03-02T09:32:02.000Z",
                     *             "simulation_engine": "simulacra-3.1",
                     *             "public": false,
                     *             "answer_options": [
                     *               "None",
                     *               "1-2",
                     *               "3-4"
                     *             ],
                     *             "question_options": {
                     *               "question_type": "single-choice"
                     *             }
                     *           }
                     *         ]
                     *       },
                     *       "errors": null
                     *     }
                     */
                    "application/json": components["schemas"]["PredictionBatchResponse"];
                };
            };
            /** @description Not authenticated: no authorization header while the mock runs with --auth required */
            401: {
                headers: {
                    "www-authenticate"?: "Bearer";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPError"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EnvelopeError"];
                };
            };
            /** @description Validation Error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests (scenario rate-limited); Retry-After says when to try again */
            429: {
                headers: {
                    /** @description Seconds to wait */
                    "retry-after"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPError"];
                };
            };
            /** @description An unhandled error (scenario server-error), answered as Starlette does: plain text, no CORS headers */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": "Internal Server Error";
                };
            };
            /** @description Unavailable: scenario flaky, too many request bodies in flight, or a --db write that failed (nothing was changed) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPError"] | components["schemas"]["EnvelopeError"];
                };
            };
        };
    };
    get_prediction_v1_predictions__prediction_id__get: {
        parameters: {
            query?: never;
            header?: {
                authorization?: string;
            };
            path: {
                prediction_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The prediction */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": "58025d70-3cdb-43a7-9e24-6c0b11532ca1",
                     *         "created_at": "2026-03-02T09:32:02.000Z",
                     *         "population": "e7f8a9b0-2c3d-4e5f-b6a7-8c9d0e1f2a35",
                     *         "population_name": "UK main grocery shoppers",
                     *         "status": "ready",
                     *         "question": "How many evening meals do you cook from scratch in a typical week?",
                     *         "simulated_answer_percentages": {
                     *           "None": 0.28,
                     *           "1-2": 0.2793,
                     *           "3-4": 0.2611,
                     *           "5 or more": 0.1796
                     *         },
                     *         "predicted_answer_percentages": {
                     *           "None": 0.28,
                     *           "1-2": 0.2793,
                     *           "3-4": 0.2611,
                     *           "5 or more": 0.1796
                     *         },
                     *         "batch": "f6fae653-f967-4654-acca-c4f8903ebbbd",
                     *         "prediction_started_at": "2026-03-02T09:32:02.000Z",
                     *         "prediction_finished_at": "2026-03-02T09:32:02.000Z",
                     *         "simulation_engine": "simulacra-3.1",
                     *         "public": false,
                     *         "answer_options": [
                     *           "None",
                     *           "1-2",
                     *           "3-4"
                     *         ],
                     *         "question_options": {
                     *           "question_type": "single-choice"
                     *         }
                     *       },
                     *       "errors": null
                     *     }
                     */
                    "application/json": components["schemas"]["PredictionResponse"];
                };
            };
            /** @description Not authenticated: no authorization header while the mock runs with --auth required */
            401: {
                headers: {
                    "www-authenticate"?: "Bearer";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPError"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EnvelopeError"];
                };
            };
            /** @description Validation Error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests (scenario rate-limited); Retry-After says when to try again */
            429: {
                headers: {
                    /** @description Seconds to wait */
                    "retry-after"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPError"];
                };
            };
            /** @description An unhandled error (scenario server-error), answered as Starlette does: plain text, no CORS headers */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": "Internal Server Error";
                };
            };
            /** @description Unavailable: scenario flaky, too many request bodies in flight, or a --db write that failed (nothing was changed) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPError"] | components["schemas"]["EnvelopeError"];
                };
            };
        };
    };
    create_prediction_v1_predictions_post: {
        parameters: {
            query?: never;
            header?: {
                authorization?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "population_id": "e7f8a9b0-2c3d-4e5f-b6a7-8c9d0e1f2a35",
                 *       "question": "How many evening meals do you cook from scratch in a typical week?",
                 *       "answer_options": [
                 *         "None",
                 *         "1-2",
                 *         "3-4"
                 *       ],
                 *       "batch_name": "Weeknight dinner habits"
                 *     }
                 */
                "application/json": components["schemas"]["CreatePredictionBody"];
            };
        };
        responses: {
            /** @description The new prediction */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": "58025d70-3cdb-43a7-9e24-6c0b11532ca1",
                     *         "created_at": "2026-03-02T09:32:02.000Z",
                     *         "population": "e7f8a9b0-2c3d-4e5f-b6a7-8c9d0e1f2a35",
                     *         "population_name": "UK main grocery shoppers",
                     *         "status": "ready",
                     *         "question": "How many evening meals do you cook from scratch in a typical week?",
                     *         "simulated_answer_percentages": {
                     *           "None": 0.28,
                     *           "1-2": 0.2793,
                     *           "3-4": 0.2611,
                     *           "5 or more": 0.1796
                     *         },
                     *         "predicted_answer_percentages": {
                     *           "None": 0.28,
                     *           "1-2": 0.2793,
                     *           "3-4": 0.2611,
                     *           "5 or more": 0.1796
                     *         },
                     *         "batch": "f6fae653-f967-4654-acca-c4f8903ebbbd",
                     *         "prediction_started_at": "2026-03-02T09:32:02.000Z",
                     *         "prediction_finished_at": "2026-03-02T09:32:02.000Z",
                     *         "simulation_engine": "simulacra-3.1",
                     *         "public": false,
                     *         "answer_options": [
                     *           "None",
                     *           "1-2",
                     *           "3-4"
                     *         ],
                     *         "question_options": {
                     *           "question_type": "single-choice"
                     *         }
                     *       },
                     *       "errors": null
                     *     }
                     */
                    "application/json": components["schemas"]["PredictionResponse"];
                };
            };
            /** @description The request is well-formed but cannot be used */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EnvelopeError"];
                };
            };
            /** @description Not authenticated: no authorization header while the mock runs with --auth required */
            401: {
                headers: {
                    "www-authenticate"?: "Bearer";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPError"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EnvelopeError"];
                };
            };
            /** @description A JSON body over 1 MiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPError"];
                };
            };
            /** @description Validation Error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests (scenario rate-limited); Retry-After says when to try again */
            429: {
                headers: {
                    /** @description Seconds to wait */
                    "retry-after"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPError"];
                };
            };
            /** @description An unhandled error (scenario server-error), answered as Starlette does: plain text, no CORS headers */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": "Internal Server Error";
                };
            };
            /** @description Unavailable: scenario flaky, too many request bodies in flight, or a --db write that failed (nothing was changed) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPError"] | components["schemas"]["EnvelopeError"];
                };
            };
        };
    };
    create_test_v1_tests_post: {
        parameters: {
            query?: never;
            header?: {
                authorization?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "population_id": "e7f8a9b0-2c3d-4e5f-b6a7-8c9d0e1f2a35",
                 *       "question": "When you plan the week's dinners, what decides most?",
                 *       "answer_options": [
                 *         "What is on offer",
                 *         "What the family will eat",
                 *         "How long it takes"
                 *       ],
                 *       "ground_answer_counts": {
                 *         "What is on offer": 58,
                 *         "What the family will eat": 131,
                 *         "How long it takes": 104,
                 *         "What is healthy": 62,
                 *         "I don't plan": 57
                 *       },
                 *       "batch_name": "Weeknight customer panel check (n=412)"
                 *     }
                 */
                "application/json": components["schemas"]["CreateTestBody"];
            };
        };
        responses: {
            /** @description The new answer with its metrics */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": "fab2ccd6-15d9-4e90-8d8e-f36c0ae87164",
                     *         "created_at": "2026-03-02T09:32:02.000Z",
                     *         "population": "e7f8a9b0-2c3d-4e5f-b6a7-8c9d0e1f2a35",
                     *         "population_name": "UK main grocery shoppers",
                     *         "status": "ready",
                     *         "question": "When you plan the week's dinners, what decides most?",
                     *         "accuracy": 0.9534038834951456,
                     *         "squared_error": 0.0021403239004618726,
                     *         "root_mean_squared_error": 0.02068972643831654,
                     *         "simulated_answer_percentages": {
                     *           "What is on offer": 0.152,
                     *           "What the family will eat": 0.2989,
                     *           "How long it takes": 0.2878,
                     *           "What is healthy": 0.1335,
                     *           "I don't plan": 0.1278
                     *         },
                     *         "predicted_answer_percentages": {
                     *           "What is on offer": 0.152,
                     *           "What the family will eat": 0.2989,
                     *           "How long it takes": 0.2878,
                     *           "What is healthy": 0.1335,
                     *           "I don't plan": 0.1278
                     *         },
                     *         "information_loss": 0.004750294135126749,
                     *         "normalised_information_loss": 0.0029515236955878865,
                     *         "batch": "5d432df7-55d5-45c8-8bda-e17a66d7985a",
                     *         "prediction_started_at": "2026-03-02T09:32:02.000Z",
                     *         "prediction_finished_at": "2026-03-02T09:32:02.000Z",
                     *         "test_started_at": "2026-03-02T09:32:02.000Z",
                     *         "test_finished_at": "2026-03-02T09:32:02.000Z",
                     *         "ground_answer_counts": {
                     *           "What is on offer": 58,
                     *           "What the family will eat": 131,
                     *           "How long it takes": 104,
                     *           "What is healthy": 62,
                     *           "I don't plan": 57
                     *         },
                     *         "ground_answer_percentages": {
                     *           "What is on offer": 0.1407766990291262,
                     *           "What the family will eat": 0.3179611650485437,
                     *           "How long it takes": 0.2524271844660194,
                     *           "What is healthy": 0.15048543689320387,
                     *           "I don't plan": 0.1383495145631068
                     *         },
                     *         "simulation_engine": "simulacra-3.1",
                     *         "public": false,
                     *         "answer_options": [
                     *           "What is on offer",
                     *           "What the family will eat",
                     *           "How long it takes"
                     *         ],
                     *         "question_options": {
                     *           "question_type": "single-choice"
                     *         }
                     *       },
                     *       "errors": null
                     *     }
                     */
                    "application/json": components["schemas"]["AnswerResponse"];
                };
            };
            /** @description The request is well-formed but cannot be used */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EnvelopeError"];
                };
            };
            /** @description Not authenticated: no authorization header while the mock runs with --auth required */
            401: {
                headers: {
                    "www-authenticate"?: "Bearer";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPError"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EnvelopeError"];
                };
            };
            /** @description A JSON body over 1 MiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPError"];
                };
            };
            /** @description Validation Error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests (scenario rate-limited); Retry-After says when to try again */
            429: {
                headers: {
                    /** @description Seconds to wait */
                    "retry-after"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPError"];
                };
            };
            /** @description An unhandled error (scenario server-error), answered as Starlette does: plain text, no CORS headers */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": "Internal Server Error";
                };
            };
            /** @description Unavailable: scenario flaky, too many request bodies in flight, or a --db write that failed (nothing was changed) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPError"] | components["schemas"]["EnvelopeError"];
                };
            };
        };
    };
    get_test_batch_v1_tests_batch__batch_id__get: {
        parameters: {
            query?: never;
            header?: {
                authorization?: string;
            };
            path: {
                batch_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The batch with its answers */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": "5d432df7-55d5-45c8-8bda-e17a66d7985a",
                     *         "name": "Weeknight customer panel check (n=412)",
                     *         "description": null,
                     *         "created_at": "2026-03-02T09:32:02.000Z",
                     *         "answers": [
                     *           {
                     *             "id": "fab2ccd6-15d9-4e90-8d8e-f36c0ae87164",
                     *             "created_at": "2026-03-02T09:32:02.000Z",
                     *             "population": "e7f8a9b0-2c3d-4e5f-b6a7-8c9d0e1f2a35",
                     *             "population_name": "UK main grocery shoppers",
                     *             "status": "ready",
                     *             "question": "When you plan the week's dinners, what decides most?",
                     *             "accuracy": 0.9534038834951456,
                     *             "squared_error": 0.0021403239004618726,
                     *             "root_mean_squared_error": 0.02068972643831654,
                     *             "simulated_answer_percentages": {
                     *               "What is on offer": 0.152,
                     *               "What the family will eat": 0.2989,
                     *               "How long it takes": 0.2878,
                     *               "What is healthy": 0.1335,
                     *               "I don't plan": 0.1278
                     *             },
                     *             "predicted_answer_percentages": {
                     *               "What is on offer": 0.152,
                     *               "What the family will eat": 0.2989,
                     *               "How long it takes": 0.2878,
                     *               "What is healthy": 0.1335,
                     *               "I don't plan": 0.1278
                     *             },
                     *             "information_loss": 0.004750294135126749,
                     *             "normalised_information_loss": 0.0029515236955878865,
                     *             "batch": "5d432df7-55d5-45c8-8bda-e17a66d7985a",
                     *             "prediction_started_at": "2026-03-02T09:32:02.000Z",
                     *             "prediction_finished_at": "2026-03-02T09:32:02.000Z",
                     *             "test_started_at": "2026-03-02T09:32:02.000Z",
                     *             "test_finished_at": "2026-03-02T09:32:02.000Z",
                     *             "ground_answer_counts": {
                     *               "What is on offer": 58,
                     *               "What the family will eat": 131,
                     *               "How long it takes": 104,
                     *               "What is healthy": 62,
                     *               "I don't plan": 57
                     *             },
                     *             "ground_answer_percentages": {
                     *               "What is on offer": 0.1407766990291262,
                     *               "What the family will eat": 0.3179611650485437,
                     *               "How long it takes": 0.2524271844660194,
                     *               "What is healthy": 0.15048543689320387,
                     *               "I don't plan": 0.1383495145631068
                     *             },
                     *             "simulation_engine": "simulacra-3.1",
                     *             "public": false,
                     *             "answer_options": [
                     *               "What is on offer",
                     *               "What the family will eat",
                     *               "How long it takes"
                     *             ],
                     *             "question_options": {
                     *               "question_type": "single-choice"
                     *             }
                     *           }
                     *         ]
                     *       },
                     *       "errors": null
                     *     }
                     */
                    "application/json": components["schemas"]["TestBatchResponse"];
                };
            };
            /** @description Not authenticated: no authorization header while the mock runs with --auth required */
            401: {
                headers: {
                    "www-authenticate"?: "Bearer";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPError"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EnvelopeError"];
                };
            };
            /** @description Validation Error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests (scenario rate-limited); Retry-After says when to try again */
            429: {
                headers: {
                    /** @description Seconds to wait */
                    "retry-after"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPError"];
                };
            };
            /** @description An unhandled error (scenario server-error), answered as Starlette does: plain text, no CORS headers */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": "Internal Server Error";
                };
            };
            /** @description Unavailable: scenario flaky, too many request bodies in flight, or a --db write that failed (nothing was changed) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPError"] | components["schemas"]["EnvelopeError"];
                };
            };
        };
    };
    list_populations_v1_populations_get: {
        parameters: {
            query?: never;
            header?: {
                authorization?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The populations */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": "3f6c2a1e-8b4d-4c7a-9e2f-5a1b7c9d0e11",
                     *           "created_at": "2025-10-02T09:14:08.000Z",
                     *           "name": "UK adults 18+ (nationally representative)",
                     *           "public": true,
                     *           "question_count": 1860,
                     *           "simulacrum_count": 5000,
                     *           "status": "ready",
                     *           "average_accuracy": 0.9730133079847908,
                     *           "average_squared_error": 0.0010733030692940482,
                     *           "average_normalised_information_loss": 0.0018778335337330523,
                     *           "data_source": "Monthly omnibus survey, waves January to September 2025",
                     *           "description": "Adults across the United Kingdom, weighted to be representative on age, gender, region and social grade. A good default for consumer questions aimed at the general UK public.",
                     *           "effective_date": "2025-09-30",
                     *           "reality_target": "Adults aged 18 and over resident in the United Kingdom",
                     *           "simulation_engine": "simulacra-3.2",
                     *           "test_started_at": "2025-10-03T11:00:00.000Z",
                     *           "test_finished_at": "2025-10-03T11:41:37.000Z",
                     *           "upload_filename": "uk_omnibus_2025_w01-w09.sav"
                     *         },
                     *         {
                     *           "id": "8a2e4f60-1c3b-4d5e-a6f7-0b9c8d7e6f52",
                     *           "created_at": "2025-07-08T14:22:51.000Z",
                     *           "name": "US adults 18-65 (general population)",
                     *           "public": true,
                     *           "question_count": 2315,
                     *           "simulacrum_count": 8000,
                     *           "status": "ready",
                     *           "average_accuracy": 0.9618937583001328,
                     *           "average_squared_error": 0.0024853771985982576,
                     *           "average_normalised_information_loss": 0.003377951542243911,
                     *           "data_source": "Quarterly attitudes and behaviours tracker, Q2 2025",
                     *           "description": "Working-age adults in the United States, recruited by address-based sampling and weighted to Census benchmarks. Use it for broad consumer, media and attitude questions.",
                     *           "effective_date": "2025-06-30",
                     *           "reality_target": "Non-institutionalised adults aged 18 to 65 in the 50 US states and DC",
                     *           "simulation_engine": "simulacra-3.2",
                     *           "test_started_at": "2025-07-09T08:30:00.000Z",
                     *           "test_finished_at": "2025-07-09T09:26:12.000Z",
                     *           "upload_filename": "us_tracker_2025q2_weighted.csv"
                     *         },
                     *         {
                     *           "id": "c41d7b2a-5e6f-4a8b-9c0d-1e2f3a4b5c63",
                     *           "created_at": "2025-06-12T07:45:30.000Z",
                     *           "name": "German small-business owners",
                     *           "public": true,
                     *           "question_count": 640,
                     *           "simulacrum_count": 2000,
                     *           "status": "ready",
                     *           "average_accuracy": 0.9365141612200436,
                     *           "average_squared_error": 0.00487121762285161,
                     *           "average_normalised_information_loss": 0.007494748541226714,
                     *           "data_source": "Small-business sentiment survey, spring 2025",
                     *           "description": "Owners and managing directors of German businesses with 1 to 49 employees, across trades, retail, services and manufacturing. Suited to B2B software, finance and regulation questions.",
                     *           "effective_date": "2025-05-31",
                     *           "reality_target": "Owners and managing directors of German businesses with 1 to 49 employees",
                     *           "simulation_engine": "simulacra-3.1",
                     *           "test_started_at": "2025-06-12T10:05:00.000Z",
                     *           "test_finished_at": "2025-06-12T10:28:44.000Z",
                     *           "upload_filename": "de_kmu_survey_spring2025.xlsx"
                     *         }
                     *       ],
                     *       "errors": null
                     *     }
                     */
                    "application/json": components["schemas"]["PopulationListResponse"];
                };
            };
            /** @description Not authenticated: no authorization header while the mock runs with --auth required */
            401: {
                headers: {
                    "www-authenticate"?: "Bearer";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPError"];
                };
            };
            /** @description Validation Error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests (scenario rate-limited); Retry-After says when to try again */
            429: {
                headers: {
                    /** @description Seconds to wait */
                    "retry-after"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPError"];
                };
            };
            /** @description An unhandled error (scenario server-error), answered as Starlette does: plain text, no CORS headers */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": "Internal Server Error";
                };
            };
            /** @description Unavailable: scenario flaky, too many request bodies in flight, or a --db write that failed (nothing was changed) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPError"];
                };
            };
        };
    };
    get_population_v1_populations__population_id__get: {
        parameters: {
            query?: never;
            header?: {
                authorization?: string;
            };
            path: {
                population_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The population */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": "3f6c2a1e-8b4d-4c7a-9e2f-5a1b7c9d0e11",
                     *         "created_at": "2025-10-02T09:14:08.000Z",
                     *         "name": "UK adults 18+ (nationally representative)",
                     *         "public": true,
                     *         "question_count": 1860,
                     *         "simulacrum_count": 5000,
                     *         "status": "ready",
                     *         "average_accuracy": 0.9730133079847908,
                     *         "average_squared_error": 0.0010733030692940482,
                     *         "average_normalised_information_loss": 0.0018778335337330523,
                     *         "data_source": "Monthly omnibus survey, waves January to September 2025",
                     *         "description": "Adults across the United Kingdom, weighted to be representative on age, gender, region and social grade. A good default for consumer questions aimed at the general UK public.",
                     *         "effective_date": "2025-09-30",
                     *         "reality_target": "Adults aged 18 and over resident in the United Kingdom",
                     *         "simulation_engine": "simulacra-3.2",
                     *         "test_started_at": "2025-10-03T11:00:00.000Z",
                     *         "test_finished_at": "2025-10-03T11:41:37.000Z",
                     *         "upload_filename": "uk_omnibus_2025_w01-w09.sav"
                     *       },
                     *       "errors": null
                     *     }
                     */
                    "application/json": components["schemas"]["PopulationResponse"];
                };
            };
            /** @description Not authenticated: no authorization header while the mock runs with --auth required */
            401: {
                headers: {
                    "www-authenticate"?: "Bearer";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPError"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EnvelopeError"];
                };
            };
            /** @description Validation Error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests (scenario rate-limited); Retry-After says when to try again */
            429: {
                headers: {
                    /** @description Seconds to wait */
                    "retry-after"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPError"];
                };
            };
            /** @description An unhandled error (scenario server-error), answered as Starlette does: plain text, no CORS headers */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": "Internal Server Error";
                };
            };
            /** @description Unavailable: scenario flaky, too many request bodies in flight, or a --db write that failed (nothing was changed) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPError"] | components["schemas"]["EnvelopeError"];
                };
            };
        };
    };
    retest_population_v1_populations__population_id__retest_post: {
        parameters: {
            query?: never;
            header?: {
                authorization?: string;
            };
            path: {
                population_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The population, now testing */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": "e7f8a9b0-2c3d-4e5f-b6a7-8c9d0e1f2a35",
                     *         "created_at": "2025-05-20T11:30:00.000Z",
                     *         "name": "UK main grocery shoppers",
                     *         "public": true,
                     *         "question_count": 984,
                     *         "simulacrum_count": 5000,
                     *         "status": "testing",
                     *         "average_accuracy": 0.9424408368853108,
                     *         "average_squared_error": 0.004907893914681276,
                     *         "average_normalised_information_loss": 0.006737527115030226,
                     *         "data_source": "Grocery shopper panel survey, spring 2025",
                     *         "description": "People in the UK who do all or most of their household's grocery shopping, linked to a shopper panel. Built for retail, pricing, own-label and payment questions.",
                     *         "effective_date": "2025-04-30",
                     *         "reality_target": "UK adults responsible for all or most of their household's grocery shopping",
                     *         "simulation_engine": "simulacra-3.1",
                     *         "test_started_at": "2026-03-02T09:32:02.000Z",
                     *         "test_finished_at": "2026-02-10T23:59:45.000Z",
                     *         "upload_filename": "uk_shopper_panel_2025_spring.parquet"
                     *       },
                     *       "errors": null
                     *     }
                     */
                    "application/json": components["schemas"]["PopulationResponse"];
                };
            };
            /** @description Not authenticated: no authorization header while the mock runs with --auth required */
            401: {
                headers: {
                    "www-authenticate"?: "Bearer";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPError"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EnvelopeError"];
                };
            };
            /** @description Validation Error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests (scenario rate-limited); Retry-After says when to try again */
            429: {
                headers: {
                    /** @description Seconds to wait */
                    "retry-after"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPError"];
                };
            };
            /** @description An unhandled error (scenario server-error), answered as Starlette does: plain text, no CORS headers */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": "Internal Server Error";
                };
            };
            /** @description Unavailable: scenario flaky, too many request bodies in flight, or a --db write that failed (nothing was changed) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPError"] | components["schemas"]["EnvelopeError"];
                };
            };
        };
    };
    health_healthz_get: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The mock is up */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "ok"
                     *     }
                     */
                    "application/json": {
                        /** @enum {string} */
                        status: "ok";
                    };
                };
            };
        };
    };
    info___mock_get: {
        parameters: {
            query?: never;
            header?: {
                /** @description Required when the mock was started with --control-token */
                "x-mock-control-token"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The mock */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MockInfo"];
                };
            };
            /** @description No x-mock-control-token header (with --control-token) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                    };
                };
            };
            /** @description A wrong x-mock-control-token (with --control-token) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                    };
                };
            };
            /** @description Validation Error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
        };
    };
    reset___mock_reset_post: {
        parameters: {
            query?: never;
            header?: {
                /** @description Required when the mock was started with --control-token */
                "x-mock-control-token"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["ResetBody"];
            };
        };
        responses: {
            /** @description Reset */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No x-mock-control-token header (with --control-token) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                    };
                };
            };
            /** @description A wrong x-mock-control-token (with --control-token) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                    };
                };
            };
            /** @description A JSON body over 1 MiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPError"];
                };
            };
            /** @description Validation Error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Unavailable: scenario flaky, too many request bodies in flight, or a --db write that failed (nothing was changed) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPError"];
                };
            };
        };
    };
    read_clock___mock_clock_get: {
        parameters: {
            query?: never;
            header?: {
                /** @description Required when the mock was started with --control-token */
                "x-mock-control-token"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The clock */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "kind": "manual",
                     *       "now": "2026-03-02T09:30:00.000Z",
                     *       "epoch_ms": 1772443800000
                     *     }
                     */
                    "application/json": components["schemas"]["MockClock"];
                };
            };
            /** @description No x-mock-control-token header (with --control-token) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                    };
                };
            };
            /** @description A wrong x-mock-control-token (with --control-token) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                    };
                };
            };
            /** @description Validation Error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
        };
    };
    advance_clock___mock_clock_advance_post: {
        parameters: {
            query?: never;
            header?: {
                /** @description Required when the mock was started with --control-token */
                "x-mock-control-token"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "ms": 60000
                 *     }
                 */
                "application/json": components["schemas"]["AdvanceClockBody"];
            };
        };
        responses: {
            /** @description The clock after moving */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "kind": "manual",
                     *       "now": "2026-03-02T09:32:02.000Z",
                     *       "epoch_ms": 1772443922000
                     *     }
                     */
                    "application/json": components["schemas"]["MockClock"];
                };
            };
            /** @description No x-mock-control-token header (with --control-token) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                    };
                };
            };
            /** @description A wrong x-mock-control-token (with --control-token) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                    };
                };
            };
            /** @description Refused in the resource's current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPError"];
                };
            };
            /** @description A JSON body over 1 MiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPError"];
                };
            };
            /** @description Validation Error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Unavailable: scenario flaky, too many request bodies in flight, or a --db write that failed (nothing was changed) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPError"];
                };
            };
        };
    };
    read_scenarios___mock_scenarios_get: {
        parameters: {
            query?: never;
            header?: {
                /** @description Required when the mock was started with --control-token */
                "x-mock-control-token"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The scenarios */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MockScenarios"];
                };
            };
            /** @description No x-mock-control-token header (with --control-token) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                    };
                };
            };
            /** @description A wrong x-mock-control-token (with --control-token) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                    };
                };
            };
            /** @description Validation Error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
        };
    };
    put_scenarios___mock_scenarios_put: {
        parameters: {
            query?: never;
            header?: {
                /** @description Required when the mock was started with --control-token */
                "x-mock-control-token"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PutScenariosBody"];
            };
        };
        responses: {
            /** @description The scenarios */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MockScenarios"];
                };
            };
            /** @description The request is well-formed but cannot be used */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPError"];
                };
            };
            /** @description No x-mock-control-token header (with --control-token) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                    };
                };
            };
            /** @description A wrong x-mock-control-token (with --control-token) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                    };
                };
            };
            /** @description A JSON body over 1 MiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPError"];
                };
            };
            /** @description Validation Error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Unavailable: scenario flaky, too many request bodies in flight, or a --db write that failed (nothing was changed) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPError"];
                };
            };
        };
    };
    delete_scenarios___mock_scenarios_delete: {
        parameters: {
            query?: {
                /** @description Only this organisation's; else all */
                org?: string;
            };
            header?: {
                /** @description Required when the mock was started with --control-token */
                "x-mock-control-token"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The scenarios */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MockScenarios"];
                };
            };
            /** @description No x-mock-control-token header (with --control-token) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                    };
                };
            };
            /** @description A wrong x-mock-control-token (with --control-token) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                    };
                };
            };
            /** @description Validation Error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Unavailable: scenario flaky, too many request bodies in flight, or a --db write that failed (nothing was changed) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPError"];
                };
            };
        };
    };
    list_requests___mock_requests_get: {
        parameters: {
            query?: {
                method?: string;
                /** @description The concrete path, e.g. /v1/simulations/<id>/run */
                path?: string;
                /** @description The path template, e.g. /v1/simulations/{simulation_id}/run */
                template?: string;
                /** @description The token as sent (without Bearer); empty: no authorization */
                caller?: string;
                organisation?: string;
                status?: number;
                /** @description An entry id (entries after it), or a date-time (entries at or after it, mock clock) */
                since?: number | string;
                /** @description The last n matching entries */
                limit?: number;
            };
            header?: {
                /** @description Required when the mock was started with --control-token */
                "x-mock-control-token"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Matching requests */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MockJournal"];
                };
            };
            /** @description No x-mock-control-token header (with --control-token) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                    };
                };
            };
            /** @description A wrong x-mock-control-token (with --control-token) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                    };
                };
            };
            /** @description Validation Error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
        };
    };
    clear_requests___mock_requests_delete: {
        parameters: {
            query?: never;
            header?: {
                /** @description Required when the mock was started with --control-token */
                "x-mock-control-token"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Emptied */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No x-mock-control-token header (with --control-token) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                    };
                };
            };
            /** @description A wrong x-mock-control-token (with --control-token) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                    };
                };
            };
            /** @description Validation Error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Unavailable: scenario flaky, too many request bodies in flight, or a --db write that failed (nothing was changed) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPError"];
                };
            };
        };
    };
    requests_har___mock_requests_har_get: {
        parameters: {
            query?: {
                method?: string;
                /** @description The concrete path, e.g. /v1/simulations/<id>/run */
                path?: string;
                /** @description The path template, e.g. /v1/simulations/{simulation_id}/run */
                template?: string;
                /** @description The token as sent (without Bearer); empty: no authorization */
                caller?: string;
                organisation?: string;
                status?: number;
                /** @description An entry id (entries after it), or a date-time (entries at or after it, mock clock) */
                since?: number | string;
                /** @description The last n matching entries */
                limit?: number;
            };
            header?: {
                /** @description Required when the mock was started with --control-token */
                "x-mock-control-token"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Matching requests, as HAR */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MockJournalHar"];
                };
            };
            /** @description No x-mock-control-token header (with --control-token) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                    };
                };
            };
            /** @description A wrong x-mock-control-token (with --control-token) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                    };
                };
            };
            /** @description Validation Error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
        };
    };
    count_requests___mock_requests_count_get: {
        parameters: {
            query?: {
                method?: string;
                /** @description The concrete path, e.g. /v1/simulations/<id>/run */
                path?: string;
                /** @description The path template, e.g. /v1/simulations/{simulation_id}/run */
                template?: string;
                /** @description The token as sent (without Bearer); empty: no authorization */
                caller?: string;
                organisation?: string;
                status?: number;
                /** @description An entry id (entries after it), or a date-time (entries at or after it, mock clock) */
                since?: number | string;
            };
            header?: {
                /** @description Required when the mock was started with --control-token */
                "x-mock-control-token"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The count */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MockJournalCount"];
                };
            };
            /** @description No x-mock-control-token header (with --control-token) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                    };
                };
            };
            /** @description A wrong x-mock-control-token (with --control-token) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                    };
                };
            };
            /** @description Validation Error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
        };
    };
    create_org_context___mock_orgs__org__contexts_post: {
        parameters: {
            query?: never;
            header?: {
                /** @description Required when the mock was started with --control-token */
                "x-mock-control-token"?: string;
            };
            path: {
                /** @description The organisation, as in tokens <user>@<org> */
                org: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["OrganisationContextBody"];
            };
        };
        responses: {
            /** @description The context */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Context"];
                };
            };
            /** @description No x-mock-control-token header (with --control-token) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                    };
                };
            };
            /** @description A wrong x-mock-control-token (with --control-token) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                    };
                };
            };
            /** @description A JSON body over 1 MiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPError"];
                };
            };
            /** @description Validation Error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Unavailable: scenario flaky, too many request bodies in flight, or a --db write that failed (nothing was changed) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPError"];
                };
            };
        };
    };
    create_org_user_model___mock_orgs__org__user_models_post: {
        parameters: {
            query?: never;
            header?: {
                /** @description Required when the mock was started with --control-token */
                "x-mock-control-token"?: string;
            };
            path: {
                /** @description The organisation, as in tokens <user>@<org> */
                org: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["OrganisationUserModelBody"];
            };
        };
        responses: {
            /** @description The user model */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserModel"];
                };
            };
            /** @description No x-mock-control-token header (with --control-token) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                    };
                };
            };
            /** @description A wrong x-mock-control-token (with --control-token) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                    };
                };
            };
            /** @description A JSON body over 1 MiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPError"];
                };
            };
            /** @description Validation Error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Unavailable: scenario flaky, too many request bodies in flight, or a --db write that failed (nothing was changed) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPError"];
                };
            };
        };
    };
    planner_turn___mock_projects__project_id__planner_turn_post: {
        parameters: {
            query?: never;
            header?: {
                /** @description Required when the mock was started with --control-token */
                "x-mock-control-token"?: string;
            };
            path: {
                project_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "ms": 5000
                 *     }
                 */
                "application/json": components["schemas"]["PlannerTurnBody"];
            };
        };
        responses: {
            /** @description The planner turn */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "project_id": "a725f3b1-e81f-4f07-8233-24de594915e1",
                     *       "planner_turn_until": "2026-03-02T09:31:07.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["PlannerTurn"];
                };
            };
            /** @description No x-mock-control-token header (with --control-token) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                    };
                };
            };
            /** @description A wrong x-mock-control-token (with --control-token) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                    };
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPError"];
                };
            };
            /** @description A JSON body over 1 MiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPError"];
                };
            };
            /** @description Validation Error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Unavailable: scenario flaky, too many request bodies in flight, or a --db write that failed (nothing was changed) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPError"];
                };
            };
        };
    };
    list_orgs___mock_orgs_get: {
        parameters: {
            query?: never;
            header?: {
                /** @description Required when the mock was started with --control-token */
                "x-mock-control-token"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The organisations, oldest first */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        organisations: components["schemas"]["MockOrganisation"][];
                    };
                };
            };
            /** @description No x-mock-control-token header (with --control-token) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                    };
                };
            };
            /** @description A wrong x-mock-control-token (with --control-token) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                    };
                };
            };
            /** @description Validation Error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
        };
    };
    org_resources___mock_orgs__org__resources_get: {
        parameters: {
            query?: never;
            header?: {
                /** @description Required when the mock was started with --control-token */
                "x-mock-control-token"?: string;
            };
            path: {
                /** @description The organisation, as in tokens <user>@<org> */
                org: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The organisation's resources */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MockOrganisationResources"];
                };
            };
            /** @description No x-mock-control-token header (with --control-token) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                    };
                };
            };
            /** @description A wrong x-mock-control-token (with --control-token) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                    };
                };
            };
            /** @description Validation Error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
        };
    };
    coverage___mock_coverage_get: {
        parameters: {
            query?: {
                /** @description One organisation's coverage (tokens <user>@<org>) */
                org?: string;
            };
            header?: {
                /** @description Required when the mock was started with --control-token */
                "x-mock-control-token"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The coverage */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MockCoverage"];
                };
            };
            /** @description No x-mock-control-token header (with --control-token) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                    };
                };
            };
            /** @description A wrong x-mock-control-token (with --control-token) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                    };
                };
            };
            /** @description Validation Error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
        };
    };
    create_mock_simulation___mock_simulations_post: {
        parameters: {
            query?: never;
            header?: {
                /** @description Required when the mock was started with --control-token */
                "x-mock-control-token"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["MockSimulationBody"];
            };
        };
        responses: {
            /** @description The simulation, as GET /v1/simulations/{simulation_id} shows it to its caller */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Simulation"];
                };
            };
            /** @description The request is well-formed but cannot be used */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPError"];
                };
            };
            /** @description No x-mock-control-token header (with --control-token) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                    };
                };
            };
            /** @description A wrong x-mock-control-token (with --control-token) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                    };
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPError"];
                };
            };
            /** @description Refused in the resource's current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPError"];
                };
            };
            /** @description A JSON body over 1 MiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPError"];
                };
            };
            /** @description Validation Error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Unavailable: scenario flaky, too many request bodies in flight, or a --db write that failed (nothing was changed) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPError"];
                };
            };
        };
    };
}

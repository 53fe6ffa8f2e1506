/**
 * What GET /__mock/orgs/{org}/resources answers. Apart, with no import, so that the dashboard's page script
 * (src/api/ui, compiled with the DOM's types) reads the same declarations the control API writes.
 */

/** A simulation of an organisation as the dashboard shows it: where it is, and when it entered each state. */
export interface SimulationSummary {
  id: string;
  title: string | null;
  mode: string;
  goal: string;
  status: string;
  project_id: string | null;
  round_id: string | null;
  error: string | null;
  timeline: Array<{ status: string; at: string }>;
}

export interface OrganisationResources {
  organisation: string;
  simulations: SimulationSummary[];
  projects: Array<{
    id: string;
    name: string;
    created_at: string;
    rounds: Array<{
      id: string;
      number: number;
      title: string;
      synthesis_status: string | null;
      synthesis_stale: boolean;
      simulation_ids: string[];
    }>;
  }>;
}

import { createdResources } from "./created.js";
import { runLabel, runSettings } from "./settings.js";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Deletes what the run created where the API allows (simulations; a planning or running one is waited for, within
 * --timeout-ms) and says what is left behind: the API has no delete for projects and contexts.
 */
export async function cleanUp(baseUrl: string, movesClock: boolean): Promise<string[]> {
  const created = createdResources();
  if (created.length === 0) return [];
  const { timeoutMs, pollMs, controlToken } = runSettings();
  const deadline = Date.now() + timeoutMs;
  const simulations = created.filter((c) => c.kind === "simulation");
  let deleted = 0;
  let gone = 0;
  const kept: string[] = [];
  for (const sim of simulations) {
    const headers: Record<string, string> = sim.authorization ? { authorization: sim.authorization } : {};
    for (;;) {
      let status: number;
      try {
        const res = await fetch(`${baseUrl}/v1/simulations/${sim.id}`, { method: "DELETE", headers });
        await res.arrayBuffer();
        status = res.status;
      } catch {
        status = 0;
      }
      if (status === 204) deleted++;
      else if (status === 404) gone++;
      else if (status === 409 && Date.now() < deadline) {
        // Still planning or running: let it finish.
        if (movesClock) {
          await fetch(`${baseUrl}/__mock/clock/advance`, {
            method: "POST",
            headers: {
              "content-type": "application/json",
              ...(controlToken ? { "x-mock-control-token": controlToken } : {}),
            },
            body: JSON.stringify({ ms: 600_000 }),
          }).then(
            (r) => r.arrayBuffer(),
            () => undefined,
          );
        } else await sleep(pollMs);
        continue;
      } else kept.push(sim.id);
      break;
    }
  }
  const others = (kind: string) => created.filter((c) => c.kind === kind).length;
  const lines = [
    `Clean-up: deleted ${deleted} of ${simulations.length} simulations the run created` +
      (gone > 0 ? ` (${gone} were already gone)` : "") +
      (kept.length > 0 ? `; could not delete ${kept.join(", ")}` : ""),
  ];
  const left = [
    others("project") && `${others("project")} projects`,
    others("context") && `${others("context")} contexts`,
  ].filter(Boolean);
  if (left.length > 0) {
    lines.push(`Left behind (the API cannot delete them): ${left.join(", ")}, named "${runLabel()} …" where named`);
  }
  return lines;
}

/**
 * The dashboard at /__mock/ui (mock only): a page the mock serves itself, fetching nothing from elsewhere, hidden
 * with --no-control and behind --control-token like the control API (opened once with ?token=, a cookie carries it),
 * and the organisation resources it shows (GET /__mock/orgs/{org}/resources). What the page does in a browser is
 * examples/browser/dashboard.test.ts (Chromium).
 */
import { randomUUID } from "node:crypto";
import { describe, expect, IN_PROCESS, it, MOCK } from "../support/harness.js";
import { createProject, createResearch } from "../support/simulations.js";
import { newCaller, useTarget } from "../support/target.js";

const target = useTarget({ planningMs: 3000, runningMs: 12_000, synthesisMs: 4000, retestMs: 5000 });
const guarded = useTarget({ controlToken: "s3cret" });
const closed = useTarget({ noControl: true });

describe("GET /__mock/ui", { rules: ["MOCK-CONTROL-API"], needs: ["bss-mock"] }, () => {
  it("should serve the dashboard page with its own script and nothing from elsewhere", MOCK, async () => {
    const res = await target.http().get("/__mock/ui").expect(200);
    expect(res.headers["content-type"]).toMatch(/^text\/html/);
    expect(res.text).toContain('<script src="/__mock/ui/app.js" defer></script>');
    expect(res.text).not.toMatch(/(src|href)="(https?:)?\/\//);
  });

  it("should hide the dashboard with --no-control", IN_PROCESS, async () => {
    expect((await closed.http().get("/__mock/ui")).status).toBe(404);
    expect((await closed.http().get("/__mock/ui/app.js")).status).toBe(404);
  });

  it("should open the dashboard behind --control-token only with ?token=, then by its cookie", IN_PROCESS, async () => {
    const missing = await guarded.http().get("/__mock/ui");
    expect(missing.status).toBe(401);
    expect(missing.body.detail).toMatch(/\/__mock\/ui\?token=/);
    expect((await guarded.http().get("/__mock/ui").query({ token: "guess" })).status).toBe(401);
    const opened = await guarded.http().get("/__mock/ui").query({ token: "s3cret" });
    expect(opened.status).toBe(303);
    expect(opened.headers.location).toBe("/__mock/ui");
    const cookie = String(opened.headers["set-cookie"]).split(";")[0] as string;
    expect(opened.headers["set-cookie"]).toMatch(/HttpOnly; SameSite=Strict/);
    await guarded.http().get("/__mock/ui").set("cookie", cookie).expect(200);
    await guarded.http().get("/__mock/coverage").set("cookie", cookie).expect(200);
    expect((await guarded.http().get("/__mock/coverage").set("cookie", "bss-mock-control=guess")).status).toBe(403);
  });
});

describe("GET /__mock/orgs/{org}/resources", {
  rules: ["MOCK-CONTROL-API"],
  needs: ["bss-mock", "manual-clock"],
}, () => {
  it("should list an organisation's simulations with their timelines and its projects with rounds", MOCK, async () => {
    const org = `org-${randomUUID()}`;
    const auth = newCaller(org);
    const project = await createProject(target, auth);
    const simulation = await createResearch(target, auth, { project_id: project.id });
    await target.http().post("/__mock/clock/advance").send({ ms: 3000 }).expect(200);
    const res = await target.http().get(`/__mock/orgs/${org}/resources`).expect(200);
    expect(res.body.organisation).toBe(org);
    expect(res.body.simulations).toEqual([
      expect.objectContaining({
        id: simulation.id,
        status: "planned",
        project_id: project.id,
        timeline: [
          { status: "planning", at: simulation.created_at },
          { status: "planned", at: expect.any(String) },
        ],
      }),
    ]);
    expect(res.body.projects).toEqual([
      expect.objectContaining({
        id: project.id,
        rounds: [expect.objectContaining({ number: 1, synthesis_status: null, simulation_ids: [simulation.id] })],
      }),
    ]);
    const other = await target.http().get(`/__mock/orgs/org-${randomUUID()}/resources`).expect(200);
    expect(other.body).toMatchObject({ simulations: [], projects: [] });
  });
});

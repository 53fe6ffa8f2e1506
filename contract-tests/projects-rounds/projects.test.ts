import { as } from "../support/client.js";
import { describe, expect, forRule, it, MOCK, SPEC } from "../support/harness.js";
import { postResearch } from "../support/simulations.js";
import { letTimePass, NIL_UUID, newCaller, useTarget } from "../support/target.js";

const target = useTarget();

async function newProject(auth: string, body: Record<string, unknown> = {}) {
  return as(target, auth).post("/v1/projects", body).expect(201);
}

async function simulationInProject(auth: string, projectId: string, extra: Record<string, unknown> = {}) {
  const res = await postResearch(target, auth, { project_id: projectId, ...extra });
  expect(res.status).toBe(201);
  return res;
}

describe("projects", SPEC, () => {
  it("should create a project named 'New project' by default", {
    rules: ["PROJECT-NAME-DEFAULT", "PROJECT-CREATE-201"],
  }, async () => {
    const res = await newProject(newCaller());
    expect(res.body.name).toBe("New project");
  });

  it("should create a project with no body at all", {
    rules: ["PROJECT-CREATE-NO-BODY", "PROJECT-NAME-DEFAULT"],
  }, async () => {
    const res = await as(target, newCaller()).post("/v1/projects");
    expect(res.status).toBe(201);
    expect(res.body.name).toBe("New project");
  });

  it("should return the project with its rounds", { rules: ["PROJECT-GET-ROUNDS"] }, async () => {
    const auth = newCaller();
    const project = await newProject(auth, { name: "Checkout redesign" });
    const res = await as(target, auth).get(`/v1/projects/${project.body.id}`).expect(200);
    expect(res.body).toMatchObject({ id: project.body.id, name: "Checkout redesign", rounds: [] });
  });

  it("should rename a project", { rules: ["PROJECT-RENAME"] }, async () => {
    const auth = newCaller();
    const project = await newProject(auth);
    const res = await as(target, auth).patch(`/v1/projects/${project.body.id}`, { name: "Pricing study" });
    expect(res.status).toBe(200);
    // The rename's answer body is not shown: the project read back, alone and in the list, has the new name.
    expect((await as(target, auth).get(`/v1/projects/${project.body.id}`).expect(200)).body.name).toBe("Pricing study");
    const listed = (await as(target, auth).get("/v1/projects").expect(200)).body as Array<{ id: string; name: string }>;
    expect(listed.find((p) => p.id === project.body.id)?.name).toBe("Pricing study");
  });

  it("should put a simulation created with project_id into round 1, created for it", {
    rules: ["SIM-CREATE-PROJECT-ROUND-1", "SIM-FIELD-ROUND-ID", "ROUND-FIELDS"],
  }, async () => {
    const auth = newCaller();
    const project = await newProject(auth);
    const sim = await simulationInProject(auth, project.body.id);
    const res = await as(target, auth).get(`/v1/projects/${project.body.id}`).expect(200);
    expect(res.body.rounds).toHaveLength(1);
    expect(res.body.rounds[0].simulations[0].id).toBe(sim.body.id);
    expect(sim.body.round_id).toBe(res.body.rounds[0].id);
  });

  it("should join the latest round when round_id is omitted", {
    rules: ["SIM-CREATE-PROJECT-LATEST-ROUND", "ROUND-CREATE-201"],
  }, async () => {
    const auth = newCaller();
    const project = await newProject(auth);
    const first = await simulationInProject(auth, project.body.id);
    const round2 = await as(target, auth).post(`/v1/projects/${project.body.id}/rounds`);
    await forRule("ROUND-CREATE-201", () => expect(round2.status).toBe(201));
    const sim = await simulationInProject(auth, project.body.id);
    // The start-round answer's body is not shown: the new round is the one the first simulation is not in.
    const got = await as(target, auth).get(`/v1/projects/${project.body.id}`).expect(200);
    const newRound = (got.body.rounds as Array<{ id: string }>).find((r) => r.id !== first.body.round_id);
    await forRule("SIM-CREATE-PROJECT-LATEST-ROUND", () => expect(sim.body.round_id).toBe(newRound?.id));
  });

  it("should keep a round title the caller set and rename a round", {
    rules: ["ROUND-TITLE-KEPT", "ROUND-RENAME"],
  }, async () => {
    const auth = newCaller();
    const project = await newProject(auth);
    await simulationInProject(auth, project.body.id);
    const round = await as(target, auth)
      .post(`/v1/projects/${project.body.id}/rounds`, { title: "Second wave" })
      .expect(201);
    expect(round.body.title).toBe("Second wave");
    const renamed = await as(target, auth).patch(`/v1/projects/${project.body.id}/rounds/${round.body.id}`, {
      title: "Wave two",
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.title).toBe("Wave two");
  });
});

describe("projects: the mock's choices", MOCK, () => {
  it("should refuse a new round with 409 while the latest round has no simulations", {
    rules: ["MOCK-ROUNDS"],
  }, async () => {
    const auth = newCaller();
    const project = await newProject(auth);
    await simulationInProject(auth, project.body.id);
    await as(target, auth).post(`/v1/projects/${project.body.id}/rounds`).expect(201);
    const refused = await as(target, auth).post(`/v1/projects/${project.body.id}/rounds`);
    expect(refused.status).toBe(409);
    expect(typeof refused.body.detail).toBe("string");
  });

  it("should let only the owner rename a project (403 for another member of the organisation)", {
    rules: ["MOCK-PROJECTS"],
  }, async () => {
    const org = `org-${crypto.randomUUID()}`;
    const owner = newCaller(org);
    const colleague = newCaller(org);
    const project = await newProject(owner);
    const seen = await as(target, colleague).get(`/v1/projects/${project.body.id}`);
    expect(seen.status).toBe(200);
    const res = await as(target, colleague).patch(`/v1/projects/${project.body.id}`, { name: "Mine now" });
    expect(res.status).toBe(403);
  });

  it("should hide another organisation's project (404)", {
    rules: ["MOCK-VISIBILITY", "MOCK-ERROR-BODIES"],
  }, async () => {
    const project = await newProject(newCaller());
    const res = await as(target, newCaller()).get(`/v1/projects/${project.body.id}`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ detail: "Project not found" });
  });

  it("should list projects most recently active first", { rules: ["MOCK-PROJECTS"] }, async () => {
    const auth = newCaller();
    const older = await newProject(auth, { name: "older" });
    const newer = await newProject(auth, { name: "newer" });
    await letTimePass(target);
    await simulationInProject(auth, older.body.id);
    const res = await as(target, auth).get("/v1/projects").expect(200);
    expect(res.body.map((p: { id: string }) => p.id)).toEqual([older.body.id, newer.body.id]);
  });

  it("should attach pasted text and then replace it with a URL", { rules: ["MOCK-ARTEFACTS"] }, async () => {
    const auth = newCaller();
    const project = await newProject(auth);
    const sim = await simulationInProject(auth, project.body.id);
    const base = `/v1/projects/${project.body.id}/rounds/${sim.body.round_id}/artefact`;
    const text = await as(target, auth).post(base, { name: "Landing copy", text: "Meet Cuppa." });
    expect(text.status).toBe(200);
    expect(text.body).toMatchObject({ artefact_name: "Landing copy", artefact_type: "text" });
    const url = await as(target, auth).post(base, { url: "https://cuppa.example.com" });
    expect(url.status).toBe(200);
    expect(url.body.artefact_type).toBe("url");
  });

  it("should accept a txt upload, refuse other types with 415 and files over 10 MB with 413", {
    rules: ["MOCK-ARTEFACTS"],
  }, async () => {
    const auth = newCaller();
    const project = await newProject(auth);
    const sim = await simulationInProject(auth, project.body.id);
    const base = `/v1/projects/${project.body.id}/rounds/${sim.body.round_id}/artefact/file`;
    const ok = await as(target, auth).post(base).attach("file", Buffer.from("# Brief\nTest the new checkout."), {
      filename: "brief.md",
      contentType: "text/markdown",
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ artefact_name: "brief.md", artefact_type: "file" });
    const png = await as(target, auth)
      .post(base)
      .attach("file", Buffer.from([0x89, 0x50, 0x4e, 0x47]), { filename: "logo.png", contentType: "image/png" });
    expect(png.status).toBe(415);
    const big = await as(target, auth)
      .post(base)
      .attach("file", Buffer.alloc(10 * 1024 * 1024 + 1, 0x61), { filename: "big.txt", contentType: "text/plain" });
    expect(big.status).toBe(413);
  });

  it("should take the last of two parts named file, as Starlette's form does", {
    ...MOCK,
    rules: ["MOCK-ARTEFACTS"],
  }, async () => {
    const auth = newCaller();
    const project = await newProject(auth);
    const sim = await simulationInProject(auth, project.body.id);
    const res = await as(target, auth)
      .post(`/v1/projects/${project.body.id}/rounds/${sim.body.round_id}/artefact/file`)
      .attach("file", Buffer.from("first"), { filename: "one.txt", contentType: "text/plain" })
      .attach("file", Buffer.from("second"), { filename: "two.txt", contentType: "text/plain" });
    expect(res.status).toBe(200);
    expect(res.body.artefact_name).toBe("two.txt");
  });

  it("should answer 404 for a round of another project", { rules: ["MOCK-VISIBILITY"] }, async () => {
    const auth = newCaller();
    const a = await newProject(auth);
    const b = await newProject(auth);
    const sim = await simulationInProject(auth, a.body.id);
    const res = await as(target, auth).patch(`/v1/projects/${b.body.id}/rounds/${sim.body.round_id}`, { title: "x" });
    expect(res.status).toBe(404);
    const create = await simulationInProject(auth, b.body.id, { round_id: sim.body.round_id }).catch((e) => e);
    expect(String(create)).toMatch(/404/);
  });

  it("should answer 404 for a round id that does not exist", { rules: ["MOCK-ERROR-BODIES"] }, async () => {
    const auth = newCaller();
    const project = await newProject(auth);
    const res = await as(target, auth).post(`/v1/projects/${project.body.id}/rounds/${NIL_UUID}/synthesis`);
    expect(res.status).toBe(404);
  });
});

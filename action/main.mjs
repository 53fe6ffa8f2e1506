// The action's main step (action.yml): starts the mock and waits until it answers, or, with `stop: true`, stops the
// mock an earlier step started and saves its files (so a later step of the job can upload them).
import {
  artifactsDir,
  exportVariable,
  fail,
  input,
  saveState,
  setOutput,
  splitArgs,
  startMock,
  stopRecorded,
  workingDirectory,
} from "./mock.mjs";

try {
  if (input("stop") === "true") {
    const dir = artifactsDir();
    const { BSS_MOCK_PID, BSS_MOCK_URL, BSS_MOCK_LOG, BSS_MOCK_ACTION_CONTROL_TOKEN } = process.env;
    const recorded = { pid: BSS_MOCK_PID, url: BSS_MOCK_URL, log: BSS_MOCK_LOG, token: BSS_MOCK_ACTION_CONTROL_TOKEN };
    if (!(await stopRecorded({ ...recorded, dir }))) {
      throw new Error("stop: no bss-mock was started by an earlier step of this job");
    }
    setOutput("artifacts-dir", dir);
  } else {
    const waitMs = Number(input("wait-timeout-ms") || "30000");
    if (!Number.isInteger(waitMs) || waitMs <= 0)
      throw new Error(`wait-timeout-ms: a whole number of ms, not '${input("wait-timeout-ms")}'`);
    const mock = await startMock({
      folder: workingDirectory(),
      args: splitArgs(input("args")),
      port: input("port") || "4010",
      scenarioFiles: input("scenario-files")
        .split("\n")
        .map((line) => line.trim())
        .filter(Boolean),
      scenarios: input("scenarios"),
      waitMs,
    });
    setOutput("url", mock.url);
    setOutput("pid", mock.pid);
    exportVariable("BSS_MOCK_URL", mock.url);
    exportVariable("BSS_MOCK_PID", mock.pid);
    exportVariable("BSS_MOCK_LOG", mock.log);
    if (mock.controlToken) exportVariable("BSS_MOCK_ACTION_CONTROL_TOKEN", mock.controlToken);
    saveState("pid", mock.pid);
    saveState("url", mock.url);
    saveState("log", mock.log);
    saveState("dir", artifactsDir());
    if (mock.controlToken) saveState("token", mock.controlToken);
    console.log(`bss-mock ${mock.version} listening on ${mock.url} (pid ${mock.pid})`);
  }
} catch (error) {
  fail(error.message);
}

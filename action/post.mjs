// The action's post step (action.yml), when the job ends: stops the mock its main step started, unless a step with
// `stop: true` did already, and saves its request journal and log into artifacts-dir.
import { stopRecorded } from "./mock.mjs";

const { STATE_pid, STATE_url, STATE_log, STATE_token, STATE_dir } = process.env;
try {
  await stopRecorded({ pid: STATE_pid, url: STATE_url, log: STATE_log, token: STATE_token, dir: STATE_dir });
} catch (error) {
  // Cleaning up never fails the job.
  process.stdout.write(`::warning title=bss-mock::${error.message}\n`);
}

// The action's post step (action.yml), when the job ends: stops the mock its main step started, unless a step with
// `stop: true` did already, and saves its request journal and log into artifacts-dir.
import { stopMock } from "./mock.mjs";

const pid = Number(process.env.STATE_pid);
if (Number.isInteger(pid) && pid > 0) {
  try {
    const dir = process.env.STATE_dir;
    const stopped = await stopMock({
      pid,
      url: process.env.STATE_url,
      log: process.env.STATE_log,
      controlToken: process.env.STATE_token || undefined,
      dir,
    });
    console.log(
      stopped ? `bss-mock stopped; its request journal and log are in ${dir}` : "bss-mock had stopped already",
    );
  } catch (error) {
    // Cleaning up never fails the job.
    process.stdout.write(`::warning title=bss-mock::${error.message}\n`);
  }
}

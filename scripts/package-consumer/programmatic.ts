// A user's TypeScript program against the installed package: type-checked (skipLibCheck off) and run by
// scripts/test-package.mjs.
import { ConfigError, createApp, type MockOptionsInput, type RunningServer, startServer } from "bss-mock";

const options: MockOptionsInput = { port: 0, quiet: true, timing: "instant" };
const server: RunningServer = await startServer(options);
try {
  const health = await fetch(`${server.url}/healthz`);
  if (health.status !== 200) throw new Error(`/healthz answered ${health.status}`);

  // In-process, without a port.
  const mock = createApp({ quiet: true, clock: "manual" });
  const models = await mock.fetch(new Request("http://mock/v1/user-models"));
  if (models.status !== 200) throw new Error(`in-process /v1/user-models answered ${models.status}`);
  mock.close();

  // Bad options are refused with the command line's message.
  try {
    // @ts-expect-error The types take a number, and so does the check at run time.
    await startServer({ port: "80" });
    throw new Error("port '80' (a string) was accepted");
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
  }
  console.log(`started on ${server.url}`);
} finally {
  await server.close();
}

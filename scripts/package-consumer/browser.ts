// bss-mock/browser as a user's TypeScript program sees it (types/browser.d.ts, skipLibCheck off), then run: the bundle
// needs only the web platform's globals, which Node has. Type-checked and run by scripts/test-package.mjs.
import { type BrowserMock, ConfigError, createMock, type ScenarioDefinition } from "bss-mock/browser";

const slow: ScenarioDefinition = {
  name: "slow-models",
  description: "The user model list answers 1 ms late.",
  rules: [{ match: { method: "GET", path: "/v1/user-models" }, delay: { type: "fixed", ms: 1 } }],
};
const mock: BrowserMock = await createMock({ clock: "manual", scenarios: [slow] });
try {
  const models = await mock.fetch("/v1/user-models");
  if (models.status !== 200) throw new Error(`/v1/user-models answered ${models.status}`);
  const [entry] = mock.requests({ template: "/v1/user-models" });
  if (entry?.scenarios[0]?.scenario !== "slow-models") throw new Error("the journal does not show the scenario");
  if (mock.info().clock.kind !== "manual") throw new Error("info() does not show the manual clock");
  try {
    // @ts-expect-error A browser mock has no socket: `port` is not one of its options, and the check refuses it.
    await createMock({ port: 4010 });
    throw new Error("port was accepted");
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
  }
  console.log("the browser mock answered in Node");
} finally {
  await mock.close();
}

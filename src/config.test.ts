import { describe, expect, it } from "vitest";
import { ConfigError, parseServeOptions, phaseDurations } from "./config.js";

function refusal(argv: string[], env: NodeJS.ProcessEnv = {}): string {
  try {
    parseServeOptions(argv, env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error(`accepted ${argv.join(" ")}`);
}

describe("parseServeOptions", () => {
  it("should use the documented defaults", () => {
    const options = parseServeOptions([]);
    expect(options).toMatchObject({
      port: 4010,
      host: "127.0.0.1",
      seed: 1,
      timing: "realistic",
      clock: "system",
      auth: "optional",
      maxQuestions: 40,
      quiet: false,
      dbSync: "never",
    });
    expect(options.db).toBeUndefined();
  });

  it("should read flags in both --flag value and --flag=value forms, and flags over environment", () => {
    const options = parseServeOptions(["--port", "4011", "--timing=fast", "--planning-ms", "5", "--quiet"], {
      PORT: "5000",
      BSS_MOCK_SEED: "7",
    });
    expect(options).toMatchObject({ port: 4011, timing: "fast", planningMs: 5, quiet: true, seed: 7 });
    expect(phaseDurations(options).planningMs).toBe(5);
  });

  it.each([
    [["--port", "abc"], /^invalid --port 'abc': expected a number$/],
    [["--port", "70000"], /^invalid --port '70000'/],
    [["--timing", "slow"], /^invalid --timing 'slow'/],
    [["--auth", "maybe"], /^invalid --auth 'maybe'/],
    [["--clock", "sundial"], /^invalid --clock 'sundial'/],
    [["--now", "yesterday"], /^invalid --now 'yesterday'/],
    [["--max-questions", "0"], /^invalid --max-questions '0'/],
    [["--running-ms", "-1"], /^invalid --running-ms '-1'/],
    [["--db-sync", "sometimes"], /^invalid --db-sync 'sometimes'/],
    [["--colour"], /^unknown flag --colour/],
    [["--port"], /^--port needs a value$/],
    [["--quiet=yes"], /^--quiet takes no value$/],
    [["serve"], /^unexpected argument 'serve'/],
  ])("should refuse %j with one line naming the flag", (argv, message) => {
    const text = refusal(argv);
    expect(text).toMatch(message);
    expect(text).not.toContain("\n");
  });

  it("should name the environment variable when the bad value came from it", () => {
    expect(refusal([], { PORT: "eighty" })).toBe("invalid PORT (--port) 'eighty': expected a number");
  });
});

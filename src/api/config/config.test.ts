import { describe, expect, it } from "vitest";
import { z } from "zod";
import { corsOrigins } from "./cors-origins.js";
import { askedLogFormat, parseServeOptions } from "./flags.js";
import { expectedBy, issueToReport, shown } from "./issue-wording.js";
import { ConfigError, optionsSchema, validateOptions } from "./options.js";
import { phaseDurations } from "./presets.js";

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
      maxContextMb: 64,
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
    [["--colour"], /^unknown flag --colour; see 'bss-mock --help'$/],
    [["--prot", "3"], /^unknown flag --prot \(did you mean --port\?\); see 'bss-mock --help'$/],
    [["--port"], /^--port needs a value$/],
    [["--quiet=yes"], /^--quiet takes no value$/],
    [["--host", "999.1.1.1"], /^invalid --host '999.1.1.1': expected an IP address or a host name/],
    [["--host", "1.2.3"], /^invalid --host '1.2.3'/],
    [["--host", "bad host"], /^invalid --host 'bad host'/],
    [["--host", "1::2::3"], /^invalid --host '1::2::3'/],
    [["--host", "http://localhost"], /^invalid --host 'http:\/\/localhost'/],
    [["--cors-origin", "localhost:3000"], /^invalid --cors-origin 'localhost:3000': expected \* or origins/],
    [["--cors-origin", "http://a, *"], /^invalid --cors-origin/],
    [["--cors-origin", " , "], /^invalid --cors-origin/],
    [
      ["--cors-origin", "http://*.a.test"],
      /^invalid --cors-origin 'http:\/\/\*\.a\.test': it is a pattern.*no wildcards\)$/,
    ],
    [["--cors-origin", "http://a.test, *.b.test"], /^invalid --cors-origin .*expected \* or origins/],
    [
      ["--cors-origin", "http://a.test:80"],
      /^invalid --cors-origin .*browsers leave out the default port, so write http:\/\/a\.test$/,
    ],
    [["--cors-origin", "https://a.test:443/"], /so write https:\/\/a\.test$/],
    [["--cors-origin", "http://a.test:0"], /no valid port/],
    [["--cors-origin", "http://b.test, http://a.test:0"], /: 'http:\/\/a\.test:0' has no valid port/],
    [["--cors-origin", "http://a.test:65536"], /no valid port/],
    [["--cors-origin", "http://a.test:080"], /no valid port/],
    [["--cors-origin", "http://a..test"], /not an origin a browser sends/],
    [
      ["--cors-origin", "ftp://a.test"],
      /^invalid --cors-origin 'ftp:\/\/a\.test': it never matches: browsers send no ftp: origin; list your pages' http\(s\) origins$/,
    ],
    [["--cors-origin", "http://a.test, ws://a.test"], /: 'ws:\/\/a\.test' never matches: browsers send no ws: origin/],
    [["--cors-origin", "file://x"], /never matches: browsers send no file: origin/],
    [["--cors-origin", "http://bücher.test"], /not an origin a browser sends/],
    [["serve"], /^unexpected argument 'serve'/],
  ])("should refuse %j with one line naming the flag", (argv, message) => {
    const text = refusal(argv);
    expect(text).toMatch(message);
    expect(text).not.toContain("\n");
  });

  it("should name the environment variable when the bad value came from it", () => {
    expect(refusal([], { PORT: "eighty" })).toBe("invalid PORT (--port) 'eighty': expected a number");
  });

  it("should read --cors-origin as a list, forgiving spaces, a trailing slash and case", () => {
    const options = parseServeOptions(["--cors-origin", "http://a, HTTPS://B.example:8443/ ,capacitor://localhost"]);
    expect(corsOrigins(options.corsOrigin)).toEqual(["http://a", "https://b.example:8443", "capacitor://localhost"]);
    expect(corsOrigins("*")).toBe("*");
    expect(corsOrigins("http://[::1]:5173, null, https://a.test:8080")).toEqual([
      "http://[::1]:5173",
      "null",
      "https://a.test:8080",
    ]);
  });

  it.each([
    "127.0.0.1",
    "0.0.0.0",
    "::",
    "::1",
    "fe80::1%eth0",
    "::ffff:10.0.0.1",
    "2001:db8::8a2e:370:7334",
    "localhost",
    "mock.internal.",
  ])("should accept --host %s", (host) => {
    expect(parseServeOptions(["--host", host]).host).toBe(host);
  });
});

describe("askedLogFormat", () => {
  it("should read the log format alone, the flag winning over its variable, anything but json being text", () => {
    expect(askedLogFormat([], {})).toBe("text");
    expect(askedLogFormat([], { BSS_MOCK_LOG_FORMAT: "json" })).toBe("json");
    expect(askedLogFormat(["--port", "abc", "--log-format", "json"], {})).toBe("json");
    expect(askedLogFormat(["--log-format=json"], {})).toBe("json");
    expect(askedLogFormat(["--log-format", "text"], { BSS_MOCK_LOG_FORMAT: "json" })).toBe("text");
    expect(askedLogFormat(["--log-format", "yaml"], {})).toBe("text");
  });
});

describe("validateOptions", () => {
  it("should hand back options it validated as they are, which checking them again would give too", () => {
    const options = parseServeOptions(["--port", "0", "--seed", "7", "--timing", "instant", "--cors-origin", "*"], {
      BSS_MOCK_QUIET: "1",
    });
    expect(validateOptions(options)).toBe(options);
    expect(optionsSchema.parse(options)).toEqual(options);
  });

  it("should check a copy of validated options like any other input", () => {
    const options = validateOptions({ port: 0 });
    expect(() => validateOptions({ ...options, port: -1 })).toThrow(ConfigError);
  });

  it("should take typed values: a number or a list given as a string is refused, as a boolean given so is", () => {
    const message = (input: Record<string, unknown>) => {
      try {
        validateOptions(input);
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        return (error as Error).message;
      }
      throw new Error(`accepted ${JSON.stringify(input)}`);
    };
    expect(message({ seed: "7" })).toBe("invalid seed '7': expected a number, not a string");
    expect(message({ port: "0" })).toBe("invalid port '0': expected a number, not a string");
    expect(message({ journalSize: "10" })).toBe("invalid journalSize '10': expected a number, not a string");
    expect(message({ planningMs: "5" })).toBe("invalid planningMs '5': expected a number, not a string");
    expect(message({ maxQuestions: "5" })).toBe("invalid maxQuestions '5': expected a number, not a string");
    expect(message({ quiet: "yes" })).toBe("invalid quiet 'yes': expected true or false, not a string");
    expect(message({ scenarios: "flaky" })).toBe("invalid scenarios 'flaky': expected a list, not a string");
    expect(message({ seed: null })).toBe("invalid seed 'null': expected a number");
  });

  it("should still read the command line's text into numbers and lists before checking it", () => {
    expect(
      parseServeOptions(["--port", "0", "--journal-size=10", "--scenario", "flaky, run-fails"], {
        BSS_MOCK_SEED: "7",
        BSS_MOCK_PLANNING_MS: "5",
      }),
    ).toMatchObject({ port: 0, seed: 7, journalSize: 10, planningMs: 5, scenarios: ["flaky", "run-fails"] });
    expect(refusal(["--port="])).toBe("invalid --port '': expected a number");
    expect(refusal(["--seed", "1.5"])).toBe("invalid --seed '1.5': expected a whole number");
  });
});

describe("zod issues in plain words (options here, control calls' arguments in mock-facade.ts)", () => {
  it("should say what a flag's value must be, not zod's wording", () => {
    expect(refusal(["--port", "70000"])).toBe("invalid --port '70000': expected at most 65535");
    expect(refusal(["--max-questions", "0"])).toBe("invalid --max-questions '0': expected at least 1");
    expect(refusal(["--timing", "slow"])).toBe("invalid --timing 'slow': expected one of realistic, fast, instant");
    expect(refusal(["--now", "yesterday"])).toBe(
      "invalid --now 'yesterday': expected a date-time such as 2026-01-01T09:00:00Z",
    );
  });

  it("should show a program's value as JavaScript writes it, and never throw on one JSON cannot write", () => {
    const message = (input: Record<string, unknown>) => {
      try {
        validateOptions(input);
      } catch (error) {
        return (error as Error).message;
      }
      throw new Error("accepted");
    };
    expect(message({ seed: Number.NaN })).toBe("invalid seed 'NaN': expected a number");
    expect(message({ seed: 10n })).toBe("invalid seed '10': expected a number");
    expect(message({ port: () => 0 })).toBe("invalid port 'a function': expected a number");
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(message({ quiet: cyclic })).toBe("invalid quiet 'an object': expected true or false");
    expect(() => validateOptions(() => ({}))).toThrow(
      "the options must be an object such as { port: 0 }, not a function",
    );
  });

  it("should quote text or not as the message needs, and cut a long value", () => {
    expect(shown("10", "quoted")).toBe('"10"');
    expect(shown("10", "as-is")).toBe("10");
    expect(shown(1e16, "quoted")).toBe("10000000000000000");
    expect(shown(undefined, "quoted")).toBe("undefined");
    expect(shown({ text: "x".repeat(100) }, "as-is")).toMatch(/^\{"text":"x+\.\.\.$/);
    expect(shown({ text: "x".repeat(100) }, "as-is")).toHaveLength(80);
  });

  it("should report the tightest bound at the first place, with its words", () => {
    const issues = (schema: z.ZodType, value: unknown) => {
      const result = schema.safeParse(value);
      if (result.success) throw new Error("accepted");
      return result.error.issues;
    };
    const said = (schema: z.ZodType, value: unknown) => expectedBy(issueToReport(issues(schema, value)), "quoted");
    expect(said(z.int().max(100), 1e16)).toBe("at most 100");
    expect(said(z.number().gt(0), 0)).toBe("more than 0");
    expect(said(z.string().min(2), "a")).toBe("at least 2 characters long");
    expect(said(z.string().max(1), "ab")).toBe("at most 1 character long");
    expect(said(z.array(z.string()).min(1), [])).toBe("at least 1 item");
    expect(said(z.enum(["GET", "POST"]), "get")).toBe('one of "GET", "POST"');
    expect(said(z.union([z.string(), z.record(z.string(), z.unknown())]), 42)).toBe("a string or an object");
    expect(said(z.uuid(), "nope")).toBe("a uuid");
    expect(
      said(
        z.string().refine(() => false, "an entry id or a date-time"),
        "x",
      ),
    ).toBe("an entry id or a date-time");
  });
});

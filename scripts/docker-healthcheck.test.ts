import { spawn } from "node:child_process";
import { describe, expect, it } from "vitest";
import { commandLine, healthUrl } from "./docker-healthcheck.mjs";

describe("the image's health check", () => {
  it.each([
    [["/usr/bin/tini", "--", "bss-mock", "serve", "--host", "0.0.0.0"], { PORT: "4010" }, "http://127.0.0.1:4010"],
    [["serve", "--host", "0.0.0.0", "--port", "5000"], { PORT: "4010" }, "http://127.0.0.1:5000"],
    [["serve", "--port=5001", "--host=::"], {}, "http://127.0.0.1:5001"],
    [["serve", "--port", "5000", "--port", "5002"], {}, "http://127.0.0.1:5002"],
    [["serve"], { PORT: "6000", HOST: "10.1.2.3" }, "http://10.1.2.3:6000"],
    [["serve", "--host", "fd00::5"], {}, "http://[fd00::5]:4010"],
    [[], {}, "http://127.0.0.1:4010"],
  ])("should ask %j (env %j) at %s", (argv, env, url) => {
    expect(healthUrl(argv, env)).toBe(`${url}/healthz`);
  });

  it("should read a process's command line without its program", async () => {
    const child = spawn(process.execPath, ["-e", "setTimeout(() => {}, 5000)", "serve", "--port", "5000"]);
    try {
      await new Promise((resolve) => child.once("spawn", resolve));
      expect(commandLine(child.pid as number)).toEqual(["-e", "setTimeout(() => {}, 5000)", "serve", "--port", "5000"]);
      expect(commandLine(2 ** 30)).toEqual([]);
    } finally {
      child.kill();
    }
  });
});

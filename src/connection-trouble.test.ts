/**
 * Running out of file descriptors is said (issue 24, item 9): under `ulimit -n 128`, 300 connections at once are more
 * than the process can hold; the log says so in one line with what to do, at most once every 10 s, and the mock
 * answers again once they close.
 */
import { spawn } from "node:child_process";
import * as net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BuiltCli, buildCli } from "./store/persistence/__fixtures__/built-cli.js";

let built: BuiltCli;
beforeAll(async () => {
  built = await buildCli();
}, 60_000);
afterAll(() => built?.remove());

async function connections(port: number, count: number): Promise<void> {
  const sockets = Array.from({ length: count }, () => net.connect(port, "127.0.0.1").on("error", () => {}));
  await new Promise((resolve) => setTimeout(resolve, 800));
  for (const socket of sockets) socket.destroy();
}

describe("out of file descriptors", () => {
  it("should say so once, with what to do, and serve again when connections close", async () => {
    const child = spawn(
      "sh",
      ["-c", `ulimit -n 128 && exec "${process.execPath}" "${built.cli}" serve --port 0 --quiet`],
      {
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    let stderr = "";
    child.stderr?.on("data", (chunk) => {
      stderr += chunk;
    });
    try {
      const url = await new Promise<string>((resolve) => {
        let out = "";
        child.stdout?.on("data", (chunk) => {
          out += chunk;
          const match = /listening on (http:\/\/\S+)/.exec(out);
          if (match?.[1]) resolve(match[1]);
        });
      });
      const port = Number(new URL(url).port);
      await connections(port, 300);
      await connections(port, 300);
      const lines = stderr.trim().split("\n");
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(
        /^bss-mock: refused a connection: [0-9]+ are open, as many as this process's limit of 128 open files leaves room for; raise the limit \(ulimit -n 65536 before starting the mock\) or have clients keep fewer connections open; said at most once every 10 s$/,
      );
      expect((await fetch(`${url}/healthz`)).status).toBe(200);
    } finally {
      child.kill("SIGKILL");
    }
  }, 30_000);
});

import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { sendRaw } from "../contract-tests/support/raw-http.js";

// What a start of the built command line loads up to its first answer. Node's fetch classes (undici) with http2,
// tls and crypto were ~20 ms of a ~120 ms cold start (issue 12); they are loaded when a request needs them
// (src/platform/lazy-web-globals.ts, lazy-http2.ts), never for a plain JSON answer, and ids are hashed in JavaScript
// (platform/sha256.ts). Module lists, not timings: these machines are shared and noisy (`npm run bench` measures the
// time).
const folder = mkdtempSync(join(tmpdir(), "bss-mock-start-modules-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

interface Step {
  path: string;
  init?: RequestInit;
  check?: (response: Response) => void;
  /** A GET sent byte for byte instead, keeping the header names in the order they were sent (fetch sorts them). */
  raw?: true;
}

/**
 * Starts `dist/bss-mock.cjs serve`, sends `steps` in turn, stops it; the builtin modules it had loaded, and the header
 * names of each `raw` step.
 */
async function modulesAfter(steps: Step[]): Promise<{ loaded: string[]; raw: string[][] }> {
  const report = join(folder, `loaded-${Math.random().toString(36).slice(2)}.txt`);
  const preload = join(folder, "report-modules.cjs");
  writeFileSync(
    preload,
    `process.on("exit", () => require("node:fs").writeFileSync(${JSON.stringify(report)}, process.moduleLoadList.join("\\n")));`,
  );
  const child = spawn(process.execPath, ["-r", preload, "dist/bss-mock.cjs", "serve", "--port", "0", "--quiet"], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const url = await new Promise<string>((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`serve exited with ${code}`)));
    child.stdout.on("data", (chunk: Buffer) => {
      const match = /listening on (http:\/\/\S+)/.exec(String(chunk));
      if (match) resolve(match[1] as string);
    });
  });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  const raw: string[][] = [];
  try {
    for (const { path, init, check, raw: asSent } of steps) {
      if (asSent) {
        const request = `GET ${path} HTTP/1.1\r\nhost: x\r\nconnection: close\r\n\r\n`;
        raw.push([...(await sendRaw(url, Buffer.from(request))).headerNames]);
        continue;
      }
      const response = await fetch(`${url}${path}`, init);
      expect(response.ok, path).toBe(true);
      check?.(response);
      await response.arrayBuffer();
    }
  } finally {
    child.kill("SIGTERM");
    await exited;
  }
  const loaded = readFileSync(report, "utf8")
    .split("\n")
    .filter((line) => line.startsWith("NativeModule "))
    .map((line) => line.slice("NativeModule ".length));
  return { loaded, raw };
}

describe("the modules a start of the built command line loads", () => {
  it("should answer /healthz and an API read without loading undici, http2, tls or crypto", async () => {
    const { loaded } = await modulesAfter([{ path: "/healthz" }, { path: "/v1/user-models" }]);
    expect(loaded).toContain("http");
    expect(loaded).not.toContain("internal/deps/undici/undici");
    expect(loaded).not.toContain("http2");
    expect(loaded).not.toContain("tls");
    expect(loaded).not.toContain("worker_threads");
    expect(loaded).not.toContain("crypto");
  });

  it("should load them once a request needs fetch's classes (a browser's Origin), and answer as before", async () => {
    const { loaded, raw } = await modulesAfter([
      { path: "/healthz", raw: true },
      {
        path: "/v1/user-models",
        init: { headers: { origin: "http://localhost:5173" } },
        check: (response) => {
          expect(response.headers.get("access-control-allow-origin")).toBe("*");
          expect(response.headers.get("vary")).toBe("Origin");
        },
      },
      {
        path: "/v1/contexts",
        init: {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ name: "Acme", body: "# Acme" }),
        },
        check: (response) => expect(response.status).toBe(201),
      },
      { path: "/healthz", raw: true },
    ]);
    expect(loaded).toContain("internal/deps/undici/undici");
    // The same answer, written the same way: @hono/node-server's lightweight Response still serves it after the load.
    expect(raw[1]).toEqual(raw[0]);
  });
});

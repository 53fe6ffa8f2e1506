// Shared helpers of the benchmark: child processes that are always cleaned up, loopback HTTP, autocannon with a
// hard time limit, and number formatting. Nothing here asserts timings.
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { request } from "node:http";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";

const require = createRequire(import.meta.url);
const autocannon = require("autocannon");

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
export const CLI = join(ROOT, "dist", "bss-mock.cjs");
export const HOST = "127.0.0.1";

// ---------------------------------------------------------------------------------------------------------------------
// Child processes

/** Every child still running; killed when this process exits for any reason. */
const children = new Set();

export function killAllChildren() {
  for (const child of children) {
    try {
      child.kill("SIGKILL");
    } catch {
      // already gone
    }
  }
  children.clear();
}

const exitHooks = [];
let cleanupInstalled = false;

/**
 * Kills the children on exit and on SIGINT/SIGTERM/SIGHUP, then runs the `onExit` hooks (e.g. removing temp files),
 * each once. May be called more than once to add hooks.
 */
export function installCleanup(onExit) {
  if (onExit) exitHooks.push(onExit);
  if (cleanupInstalled) return;
  cleanupInstalled = true;
  const cleanup = () => {
    killAllChildren();
    for (const hook of exitHooks.splice(0)) {
      try {
        hook();
      } catch (error) {
        process.stderr.write(`bench: cleanup failed: ${error?.message ?? error}\n`);
      }
    }
  };
  process.on("exit", cleanup);
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
    process.once(signal, () => {
      process.stderr.write(`\nbench: ${signal}, stopping\n`);
      cleanup();
      process.exit(130);
    });
  }
}

/** Keeps the last `max` lines of a stream, for error messages. */
function tail(stream, max = 20) {
  const lines = [];
  let partial = "";
  stream.setEncoding("utf8");
  stream.on("data", (chunk) => {
    const parts = (partial + chunk).split("\n");
    partial = parts.pop() ?? "";
    for (const line of parts) {
      lines.push(line);
      if (lines.length > max) lines.shift();
    }
  });
  return () => [...lines, partial].filter((line) => line !== "").join("\n");
}

/**
 * Spawns a server process and resolves once it printed `listening on http://...` on stdout.
 * Returns the child, its base URL, the spawn start time (performance.now()) and the time the line was seen.
 */
export function startServer(command, args, { label, timeoutMs = 15_000, env } = {}) {
  const startedAt = performance.now();
  const child = spawn(command, args, {
    cwd: ROOT,
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, ...env },
  });
  children.add(child);
  const stderrTail = tail(child.stderr);
  let stdoutBuffer = "";
  const exited = new Promise((resolve) => {
    child.once("exit", (code, signal) => {
      children.delete(child);
      resolve({ code, signal });
    });
  });
  const server = {
    child,
    label,
    startedAt,
    url: "",
    listeningAt: 0,
    exited,
    stderr: stderrTail,
    /** SIGTERM (the mock flushes its --db journal on it), SIGKILL after `timeoutMs`. Resolves with how it ended. */
    async stop(timeoutMs = 10_000) {
      if (child.exitCode !== null || child.signalCode !== null) return exited;
      child.kill("SIGTERM");
      let timer;
      const killed = new Promise((resolve) => {
        timer = setTimeout(() => {
          child.kill("SIGKILL");
          resolve("killed");
        }, timeoutMs);
      });
      const how = await Promise.race([exited.then(() => "exited"), killed]);
      clearTimeout(timer);
      const result = await exited;
      if (how === "killed") {
        throw new Error(`${label} did not exit within ${timeoutMs} ms of SIGTERM (killed)\n${stderrTail()}`);
      }
      return result;
    },
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`${label}: no "listening on" line within ${timeoutMs} ms\n${stderrTail()}`));
    }, timeoutMs);
    const onData = (chunk) => {
      stdoutBuffer += chunk;
      const match = /listening on (http:\/\/[^\s]+)/.exec(stdoutBuffer);
      if (!match) {
        if (stdoutBuffer.length > 65_536) stdoutBuffer = stdoutBuffer.slice(-4096);
        return;
      }
      server.listeningAt = performance.now();
      server.url = match[1];
      clearTimeout(timer);
      stdoutBuffer = "";
      child.stdout.off("data", onData);
      child.stdout.resume(); // keep draining, so a chatty child never blocks on a full pipe
      resolve(server);
    };
    child.stdout.setEncoding("utf8");
    child.stdout.on("data", onData);
    child.once("error", (error) => {
      clearTimeout(timer);
      reject(new Error(`${label}: cannot spawn: ${error.message}`));
    });
    exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(new Error(`${label} exited (code ${code}, signal ${signal}) before listening\n${stderrTail()}`));
    });
  });
}

export function startMock(extraArgs = [], options = {}) {
  return startServer(process.execPath, [CLI, "serve", "--port", "0", "--quiet", "--host", HOST, ...extraArgs], {
    label: "bss-mock",
    ...options,
  });
}

/** Resident set size of a process in bytes (Linux /proc), or null where unavailable. */
export function rssOf(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
    return match ? Number(match[1]) * 1024 : null;
  } catch {
    return null;
  }
}

/**
 * CPU time a process has used so far (user + system, all its threads) in microseconds, from /proc (Linux; clock ticks
 * of 1/100 s), or null where unavailable. Over a fixed number of requests this gives a server's CPU per request: on a
 * busy machine wall-clock rates swing with what else runs, its CPU per request far less.
 */
export function cpuTimeOf(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? ticks * 10_000 : null;
  } catch {
    return null;
  }
}

/** Runs `run()` and returns its result with the server's CPU µs per completed (2xx) request, or null without /proc. */
export async function withCpuPerRequest(pid, run) {
  const before = cpuTimeOf(pid);
  const result = await run();
  const after = cpuTimeOf(pid);
  const done = result["2xx"];
  return { result, cpuUs: before === null || after === null || done === 0 ? null : (after - before) / done };
}

// ---------------------------------------------------------------------------------------------------------------------
// HTTP

/** One request on a fresh connection (no keep-alive pool). Resolves with status, headers and the body as text. */
export function httpRequest(url, { method = "GET", headers = {}, body, timeoutMs = 5_000 } = {}) {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body);
    const req = request(
      url,
      {
        method,
        agent: false,
        headers: {
          ...(payload === undefined
            ? {}
            : { "content-type": "application/json", "content-length": Buffer.byteLength(payload) }),
          ...headers,
        },
        timeout: timeoutMs,
      },
      (res) => {
        const chunks = [];
        res.on("data", (chunk) => chunks.push(chunk));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString("utf8") }),
        );
        res.on("error", reject);
      },
    );
    req.on("timeout", () => req.destroy(new Error(`${method} ${url} timed out after ${timeoutMs} ms`)));
    req.on("error", reject);
    req.end(payload);
  });
}

export async function httpJson(url, options = {}) {
  const response = await httpRequest(url, options);
  let json;
  try {
    json = JSON.parse(response.text);
  } catch {
    json = undefined;
  }
  return { ...response, json };
}

export function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Polls `url` until it answers 200; resolves with performance.now() of that answer. Connection errors (not yet
 * listening) and other statuses are retried every `intervalMs`, until `timeoutMs` after `since`.
 */
export async function pollUntil200(
  url,
  { since = performance.now(), timeoutMs = 15_000, intervalMs = 2, headers = {} } = {},
) {
  let last = "no attempt";
  while (performance.now() - since < timeoutMs) {
    try {
      const response = await httpRequest(url, { timeoutMs: 2_000, headers });
      if (response.status === 200) return performance.now();
      last = `status ${response.status}`;
    } catch (error) {
      last = error.code ?? error.message;
    }
    await sleep(intervalMs);
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs} ms (last: ${last})`);
}

// ---------------------------------------------------------------------------------------------------------------------
// Load generation

/**
 * Runs autocannon (programmatic API) and resolves with its result. `maxSeconds` is a hard stop on top of
 * duration/amount, so a stuck server cannot hang the benchmark.
 */
export function cannon(options, { maxSeconds = 120 } = {}) {
  return new Promise((resolve, reject) => {
    let settled = false;
    const tracker = autocannon({ timeout: 10, ...options }, (error, result) => {
      settled = true;
      clearTimeout(guard);
      if (error) reject(error);
      else resolve(result);
    });
    const guard = setTimeout(() => {
      if (settled) return;
      process.stderr.write(`bench: autocannon run exceeded ${maxSeconds} s, stopping it\n`);
      tracker.stop();
    }, maxSeconds * 1000);
  });
}

/** Requests that did not get a 2xx: non-2xx statuses, connection errors and timeouts. */
export function failures(result) {
  return result.non2xx + result.errors + result.timeouts;
}

export function okPerSecond(result) {
  return result.duration > 0 ? result["2xx"] / result.duration : 0;
}

// ---------------------------------------------------------------------------------------------------------------------
// Numbers and output

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

export const ms = (value) => `${value.toFixed(1)} ms`;
export const num = (value) => Math.round(value).toLocaleString("en-US");
export const mib = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
export const pct = (ratio) => `${(ratio * 100).toFixed(1)}%`;
export const us = (value) => (value === null ? "n/a" : `${value.toFixed(1)} µs`);
export const verdict = (pass) => (pass ? "PASS" : "MISS");

export function line(label, value, width = 34) {
  console.log(`  ${label.padEnd(width)} ${value}`);
}

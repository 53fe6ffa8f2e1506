// Helpers shared by smoke.mjs and checks.mjs: start the server on a free port, make requests.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';

const here = path.dirname(fileURLToPath(import.meta.url));
export const root = path.resolve(here, '..');

export const SHORT_ENV = JSON.parse(readFileSync(path.join(root, 'harness.json'), 'utf8')).env;

export function startServer(extraEnv = {}) {
  return new Promise((resolve, reject) => {
    const env = { ...process.env, ...SHORT_ENV, PORT: '0', HOST: '127.0.0.1', ...extraEnv };
    if (!extraEnv.BUG) delete env.BUG;
    const child = spawn(process.execPath, ['server.mjs'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    const timer = setTimeout(() => reject(new Error(`server did not start: ${out}${err}`)), 5000);
    child.stdout.on('data', (d) => {
      out += d;
      const m = /listening on (http:\/\/[^\s]+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({ base: m[1], child, stop: () => new Promise((r) => { child.once('exit', r); child.kill('SIGTERM'); }) });
      }
    });
    child.stderr.on('data', (d) => { err += d; });
    child.on('exit', (code) => { clearTimeout(timer); reject(new Error(`server exited with ${code}: ${err}`)); });
  });
}

export const rand = () => randomBytes(5).toString('hex');

export function tokens() {
  const org = rand();
  const org2 = rand();
  const user = rand();
  return {
    a: `Token org=${org},user=a-${user}`,
    c: `Token org=${org},user=c-${user}`,
    b: `Token org=${org2},user=b-${user}`,
  };
}

export function client(base, token) {
  return async function call(method, p, body, { raw, headers = {} } = {}) {
    const h = { ...headers };
    if (token) h.authorization = token;
    let payload;
    if (raw !== undefined) payload = raw;
    else if (body !== undefined) {
      payload = JSON.stringify(body);
      h['content-type'] = 'application/json';
    }
    const res = await fetch(base + p, { method, headers: h, body: payload });
    const text = await res.text();
    let json = null;
    try { json = text ? JSON.parse(text) : null; } catch { json = text; }
    return { status: res.status, body: json, headers: res.headers, text };
  };
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export async function waitFor(fn, pred, timeoutMs = 5000) {
  const t0 = Date.now();
  for (;;) {
    const r = await fn();
    if (pred(r)) return r;
    if (Date.now() - t0 > timeoutMs) throw new Error(`timed out; last: ${JSON.stringify(r.body).slice(0, 300)}`);
    await sleep(15);
  }
}

// CI: the package as a user gets it. Packs the tarball, checks what is in it, installs it into an empty folder (the
// npm registry is there, as for a user; the package itself needs nothing from it), and runs it: `serve` with requests,
// `openapi`, `--version`, the programmatic API from JavaScript, a TypeScript consumer of the declarations and a typed
// openapi-fetch client that creates, runs and reads a simulation, all type-checked with skipLibCheck off and run; the
// In CI lines of docs/testing.md, the GitHub Action's entry points and `bss-mock mcp` (through the MCP SDK's client)
// against it.
// Prints the tarball size, install size and time, and the installed package's cold start. `npm run test:package`.
import { spawn, spawnSync } from "node:child_process";
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { createServer as createNetServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { INSTALL_SCRIPTS, PUBLISHED_SCRIPTS } from "./pack-manifest.mjs";
import { packageProblems } from "./package-contents.mjs";
import { packageSection } from "./readme-package.mjs";

const repo = process.cwd();
const manifestText = readFileSync("package.json", "utf8");
const manifest = JSON.parse(manifestText);
const work = mkdtempSync(join(tmpdir(), "bss-mock-package-"));
const results = [];
const numbers = {};

function check(name, fn) {
  return Promise.resolve()
    .then(fn)
    .then(
      () => {
        results.push({ name, ok: true });
        console.log(`ok      ${name}`);
      },
      (error) => {
        results.push({ name, ok: false });
        console.log(`FAILED  ${name}\n        ${String(error?.stack ?? error).replaceAll("\n", "\n        ")}`);
      },
    );
}

function assert(condition, message) {
  if (!condition) throw new Error(message);
}

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { encoding: "utf8", ...options });
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(" ")} exited ${result.status}\n${result.stdout}\n${result.stderr}`);
  }
  return result.stdout;
}

function filesUnder(dir) {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath ?? entry.path, entry.name));
}

const sizeOf = (dir) => filesUnder(dir).reduce((sum, file) => sum + statSync(file).size, 0);
const mb = (bytes) => `${(bytes / 1e6).toFixed(2)} MB`;

/** Starts `bin serve --port 0 …args`, resolves with its URL once the listening line is out. */
function serve(bin, args, cwd) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, [bin, "serve", "--port", "0", ...args], {
      cwd,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    child.stdout.on("data", (chunk) => {
      out += chunk;
      // The text line ("listening on http://…") or, with --log-format json, {"event":"listening","url":"http://…"}.
      const url = /(?:listening on |"url":")(http:\/\/[^\s"]+)/.exec(out)?.[1];
      if (url) resolve({ child, url, started });
    });
    child.stderr.on("data", (chunk) => process.stderr.write(chunk));
    child.on("exit", (code) => reject(new Error(`serve exited ${code}: ${out}`)));
    setTimeout(() => reject(new Error(`serve printed no URL in 30 s: ${out}`)), 30_000).unref();
  });
}

async function first200(url, since) {
  for (;;) {
    try {
      if ((await fetch(url)).status === 200) return performance.now() - since;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 2));
  }
}

// The sections of docs/testing.md this test runs from the installed package.
const testing = readFileSync(join(repo, "docs", "testing.md"), "utf8");

async function freePort() {
  const probe = createNetServer();
  await new Promise((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function stop(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once("exit", resolve);
    child.kill("SIGTERM");
  });
}

// ---- pack -------------------------------------------------------------------------------------------------------
console.log(`bss-mock package test in ${work}`);
const packJson = run("npm", ["pack", "--json", "--pack-destination", work], { stdio: ["ignore", "pipe", "inherit"] });
const packed = JSON.parse(packJson.slice(packJson.indexOf("[")))[0];
const tarball = join(work, packed.filename);
numbers.tarball = `${mb(statSync(tarball).size)} packed, ${mb(packed.unpackedSize)} unpacked, ${packed.entryCount} files`;

await check("the tarball holds what it must and nothing it must not", () => {
  const problems = packageProblems(packed.files.map((f) => f.path));
  assert(problems.length === 0, problems.join("\n"));
});

const unpacked = join(work, "unpacked");
mkdirSync(unpacked);
run("tar", ["xzf", tarball, "-C", unpacked]);
const packageDir = join(unpacked, "package");

await check(
  "the packed package.json keeps only scripts that run from the package, and the repository's is as it was",
  () => {
    const packedManifest = JSON.parse(readFileSync(join(packageDir, "package.json"), "utf8"));
    const found = INSTALL_SCRIPTS.filter((name) => packedManifest.scripts?.[name] !== undefined);
    assert(found.length === 0, `the packed package.json runs ${found.join(", ")} on install`);
    const kept = Object.keys(packedManifest.scripts ?? {});
    assert(kept.join() === PUBLISHED_SCRIPTS.join(), `the packed package.json keeps the scripts ${kept.join(", ")}`);
    assert(readFileSync("package.json", "utf8") === manifestText, "npm pack left package.json changed");
  },
);

await check("no file in the package holds the builder's absolute paths", () => {
  const found = filesUnder(packageDir).filter((file) => readFileSync(file).includes(repo));
  assert(found.length === 0, `${repo} in ${found.map((f) => relative(packageDir, f)).join(", ")}`);
});

await check("source maps hold our own sources only", () => {
  for (const file of filesUnder(packageDir).filter((f) => f.endsWith(".map"))) {
    const map = JSON.parse(readFileSync(file, "utf8"));
    // contract-tests/: the contract suite bundled into dist/contract.cjs is ours too.
    const foreign = map.sources.filter((s) => !s.startsWith("../src/") && !s.startsWith("../contract-tests/"));
    assert(foreign.length === 0, `${relative(packageDir, file)}: ${foreign.slice(0, 3).join(", ")}`);
  }
});

// ---- install into an empty folder ---------------------------------------------------------------------------------
const app = join(work, "app");
mkdirSync(app);
const installStarted = performance.now();
run("npm", ["install", "--no-audit", "--no-fund", tarball], { cwd: app });
numbers.install = `${((performance.now() - installStarted) / 1000).toFixed(1)} s, node_modules ${mb(sizeOf(join(app, "node_modules")))}`;
const bin = join(app, "node_modules", ".bin", "bss-mock");

await check("the install brings no other package", () => {
  const names = readdirSync(join(app, "node_modules")).filter((n) => !n.startsWith("."));
  assert(names.join() === "bss-mock", `node_modules holds ${names.join(", ")}`);
});

await check("every relative link of the installed README and docs/ opens a file the package ships", () => {
  const root = join(app, "node_modules", "bss-mock");
  const pages = ["README.md", ...readdirSync(join(root, "docs"), { recursive: true }).map((f) => join("docs", f))];
  const broken = pages
    .filter((page) => page.endsWith(".md"))
    .flatMap((page) =>
      [...readFileSync(join(root, page), "utf8").matchAll(/\]\(([^)\s]+)\)/g)]
        .map((link) => link[1].split("#")[0])
        .filter((target) => target && !/^[a-z]+:/.test(target))
        .filter((target) => !existsSync(join(root, dirname(page), target)))
        .map((target) => `${page} -> ${target}`),
    );
  assert(broken.length === 0, broken.join("\n"));
});

await check("npx bss-mock --version prints the package version", () => {
  const out = run("npx", ["--no-install", "bss-mock", "--version"], { cwd: app });
  assert(out === `${manifest.version}\n`, `printed ${JSON.stringify(out)}`);
});

await check("npx bss-mock openapi prints the document in the repository", () => {
  const out = run("npx", ["--no-install", "bss-mock", "openapi"], { cwd: app });
  assert(out === readFileSync(join(repo, "openapi/openapi.json"), "utf8"), "the printed document differs");
});

await check("npx bss-mock serve --help lists the flags", () => {
  const out = run("npx", ["--no-install", "bss-mock", "serve", "--help"], { cwd: app });
  assert(out.includes("--port N") && out.includes("Exit codes"), out);
});

await check("the npx commands of the README and docs/serving.md run from the installed package", async () => {
  for (const command of packageSection().commands) {
    // The install is the tarball's, above; openapi-fetch is installed for the typed client, below; Docker is
    // scripts/docker-replay.mjs's.
    if (command.startsWith("npm install") || command.startsWith("docker ")) continue;
    const args = command.split(/\s+/).slice(2);
    // The contract command needs an implementation to test: run below against the served mock.
    if (args[0] === "contract") continue;
    const serves = args.length === 0 || (args[0].startsWith("--") && !/^--(help|version)$/.test(args[0]));
    if (!serves) {
      run("sh", ["-c", command], { cwd: app });
      continue;
    }
    // A server: started (on a free port, whatever the line says), seen listening, stopped.
    const child = spawn("sh", ["-c", `exec ${command} --port 0`], {
      cwd: app,
      stdio: ["ignore", "pipe", "inherit"],
      detached: true,
    });
    await new Promise((resolve, reject) => {
      let out = "";
      child.stdout.on("data", (chunk) => {
        out += chunk;
        if (out.includes("listening on http://127.0.0.1:")) resolve();
      });
      child.on("exit", (code) => reject(new Error(`${command} exited ${code}: ${out}`)));
    });
    child.removeAllListeners("exit");
    process.kill(-child.pid, "SIGTERM");
  }
  JSON.parse(readFileSync(join(app, "openapi.json"), "utf8"));
});

// ---- serve ------------------------------------------------------------------------------------------------------
const server = await serve(bin, ["--timing", "instant", "--log-format", "json"], app);
try {
  await check("serve answers /healthz, the API, the document and the docs page", async () => {
    const health = await fetch(`${server.url}/healthz`);
    assert(health.status === 200, `/healthz ${health.status}`);
    const models = await fetch(`${server.url}/v1/user-models`);
    assert(models.status === 200 && (await models.json()).length > 0, `/v1/user-models ${models.status}`);
    const doc = await fetch(`${server.url}/openapi.json`);
    assert(doc.status === 200, `/openapi.json ${doc.status}`);
    const docs = await fetch(`${server.url}/docs`);
    assert(docs.status === 200, `/docs ${docs.status}`);
    const scalar = /src="([^"]+\.js)"/.exec(await docs.text())?.[1];
    if (scalar) assert((await fetch(new URL(scalar, server.url))).status === 200, `docs script ${scalar}`);
  });

  await check(
    "the installed package serves the dashboard and bss-mock coverage reads what the mock answered",
    async () => {
      const page = await fetch(`${server.url}/__mock/ui`);
      assert(page.status === 200, `/__mock/ui ${page.status}`);
      const script = await fetch(`${server.url}/__mock/ui/app.js`);
      assert(script.status === 200, `/__mock/ui/app.js ${script.status}`);
      const out = run("sh", ["-c", `npx bss-mock coverage --base-url ${server.url} --reporter json`], { cwd: app });
      assert(JSON.parse(out).operations["GET /v1/user-models"]?.["200"] >= 1, out.slice(0, 500));
    },
  );

  await check("curl reaches the served mock", () => {
    if (spawnSync("curl", ["--version"]).status !== 0) return; // curl is not on every machine; fetch did the same
    const out = run("curl", ["-sf", `${server.url}/healthz`]);
    assert(out === '{"status":"ok"}', out);
  });

  // ---- the contract suite from the installed package ---------------------------------------------------------------
  // The runner and the suite are bundled (dist/contract.cjs): nothing else installed, and green against the mock.
  await check(
    "the README's npx bss-mock contract runs from the installed package, green against the served mock",
    () => {
      const commands = packageSection().commands.filter((c) => c.startsWith("npx bss-mock contract "));
      assert(commands.length > 0, "the README shows no npx bss-mock contract command");
      for (const command of commands) {
        const line = command.replace(/--base-url \S+/, `--base-url ${server.url}`);
        const out = run("sh", ["-c", line], { cwd: app });
        // Read-only as written (no --allow-writes): the creating tests are not applicable, never passed.
        assert(/^\d+ rules: \d+ passed, 0 failed/m.test(out), out.slice(-2000));
      }
    },
  );

  await check("npx bss-mock contract --allow-writes passes every rule, with a JUnit report", async () => {
    // On its manual clock, which the suite moves itself: every state is seen, so every rule of profile mock is checked
    // but those that need a mock started with other options.
    const manual = await serve(bin, ["--clock", "manual", "--quiet"], app);
    try {
      const out = run(
        "npx",
        ["--no-install", "bss-mock", "contract", "--base-url", manual.url, "--allow-writes", "--reporter", "junit"],
        { cwd: app, maxBuffer: 1 << 26 },
      );
      assert(out.startsWith("<?xml") && /<testsuites [^>]*failures="0"/.test(out), out.slice(0, 2000));
      const [, total, skipped] = /<testsuites [^>]*tests="(\d+)"[^>]*skipped="(\d+)"/.exec(out) ?? [];
      numbers.contract = `${total} rules, 0 failed, ${skipped} not applicable (profile mock, manual clock)`;
    } finally {
      await stop(manual.child);
    }
  });

  await check(
    "bss-mock proxy and bss-mock check from the installed package: traffic through the proxy judged, its HAR checked",
    async () => {
      const dir = mkdtempSync(join(tmpdir(), "bss-package-proxy-"));
      const har = join(dir, "traffic.har");
      const child = spawn(
        process.execPath,
        [
          bin,
          "proxy",
          "--upstream",
          server.url,
          "--port",
          "0",
          "--har",
          har,
          "--reporter",
          "json",
          "--out",
          join(dir, "report.json"),
        ],
        { cwd: app, stdio: ["ignore", "pipe", "pipe"] },
      );
      let out = "";
      const url = await new Promise((resolve, reject) => {
        child.stdout.on("data", (chunk) => {
          out += chunk;
          const match = /listening on (http:\/\/\S+)/.exec(out);
          if (match) resolve(match[1]);
        });
        child.stderr.on("data", (chunk) => {
          out += chunk;
        });
        child.on("exit", (code) => reject(new Error(`bss-mock proxy exited ${code}: ${out}`)));
      });
      const models = await fetch(`${url}/v1/user-models`, { headers: { authorization: "Bearer pack@proxy" } });
      assert(models.status === 200, `GET /v1/user-models through the proxy: ${models.status}`);
      const made = await fetch(`${url}/v1/projects`, {
        method: "POST",
        headers: { authorization: "Bearer pack@proxy" },
      });
      assert(made.status === 201, `POST /v1/projects through the proxy: ${made.status}`);
      const live = await (await fetch(`${url}/__proxy/report`)).json();
      assert(live.exchanges === 2 && live.violations.length === 0, JSON.stringify(live).slice(0, 500));
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      assert((await exited) === 0, `bss-mock proxy exit code after SIGTERM: ${out}`);
      const report = JSON.parse(readFileSync(join(dir, "report.json"), "utf8"));
      assert(
        report.exchanges === 2 && report.rules["PROJECT-NAME-DEFAULT"] === 1,
        JSON.stringify(report).slice(0, 500),
      );
      const checked = spawnSync(process.execPath, [bin, "check", har], { cwd: app, encoding: "utf8" });
      assert(checked.status === 0, `bss-mock check ${har}: exit ${checked.status}: ${checked.stdout}${checked.stderr}`);
      assert(/2 exchanges/.test(checked.stdout), checked.stdout);
    },
  );

  await check("npx bss-mock contract says in one line that it cannot connect (exit 2)", async () => {
    // A port that was just given up: nothing listens there.
    const probe = createNetServer();
    await new Promise((resolve) => probe.listen(0, "127.0.0.1", resolve));
    const { port } = probe.address();
    await new Promise((resolve) => probe.close(resolve));
    const url = `http://127.0.0.1:${port}`;
    const result = spawnSync(process.execPath, [bin, "contract", "--base-url", url], { cwd: app, encoding: "utf8" });
    assert(result.status === 2, `exit ${result.status}`);
    assert(result.stdout === "", result.stdout);
    assert(result.stderr === `bss-mock: cannot connect to ${url}: ECONNREFUSED\n`, result.stderr);
  });

  // ---- the typed client, type-checked and run ----------------------------------------------------------------------
  await check("a typed openapi-fetch client creates, runs and reads a simulation (tsc, then run)", () => {
    const openapiFetch = manifest.devDependencies["openapi-fetch"];
    run("npm", ["install", "--no-audit", "--no-fund", "--save-exact", `openapi-fetch@${openapiFetch}`], { cwd: app });
    cpSync(join(repo, "scripts/package-consumer"), join(app, "consumer"), { recursive: true });
    writeFileSync(
      join(app, "consumer", "tsconfig.json"),
      JSON.stringify({
        compilerOptions: {
          target: "ES2022",
          module: "NodeNext",
          moduleResolution: "NodeNext",
          lib: ["ES2023"],
          strict: true,
          noUncheckedIndexedAccess: true,
          exactOptionalPropertyTypes: true,
          // Our declarations are checked as a user's compiler sees them, errors in them included.
          skipLibCheck: false,
          types: ["node"],
          typeRoots: [join(repo, "node_modules/@types")],
          outDir: "out",
        },
        include: ["*.ts"],
      }),
    );
    run(process.execPath, [join(repo, "node_modules/typescript/bin/tsc"), "-p", "consumer"], { cwd: app });
    const out = run(process.execPath, ["consumer/out/client.js", server.url], { cwd: app });
    console.log(`        ${out.trim().replaceAll("\n", "\n        ")}`);
  });

  await check("the typed client of docs/serving.md runs against the served mock", () => {
    const out = run(process.execPath, ["consumer/out/readme-client.js"], {
      cwd: app,
      env: { ...process.env, BSS_URL: server.url },
    });
    assert(out.trim().split("\n").length >= 4, `printed ${out}`);
  });

  await check("the error narrowing and upload of docs/serving.md run against the served mock", () => {
    const out = run(process.execPath, ["consumer/out/readme-upload.js"], {
      cwd: app,
      env: { ...process.env, BSS_URL: server.url },
    });
    assert(out === "brief.md\n", `printed ${out}`);
  });

  await check("the types tell the truth: a 429 is no 422, defaults optional, uploads, ControlError, schemas", () => {
    const out = run(process.execPath, ["consumer/out/types-truth.js", server.url], { cwd: app });
    assert(out.startsWith("429: Rate limit exceeded"), out);
  });
} finally {
  await stop(server.child);
}

await check("bss-mock/browser's types compile in a user's program and its bundle runs (compiled consumer)", () => {
  const out = run(process.execPath, ["consumer/out/browser.js"], { cwd: app });
  assert(out.includes("the browser mock answered"), out);
});

await check("the programmatic API (compiled consumer) starts on 127.0.0.1 with { port: 0 }", () => {
  const out = run(process.execPath, ["consumer/out/programmatic.js"], { cwd: app });
  assert(out.includes("http://127.0.0.1:"), out);
});

await check("the programmatic snippet of docs/serving.md runs", () => {
  const out = run(process.execPath, ["consumer/out/readme-api.js"], { cwd: app });
  assert(/^GET http:\/\/127\.0\.0\.1:\d+\/v1\/user-models: 200\n$/.test(out), out);
});

// ---- in CI pipelines and AI coding tools, from the installed package ----------------------------------------------
await check("the In CI lines (docs/testing.md) start the installed mock so that its saved PID stops it", async () => {
  const start = testing.indexOf("\n## In CI\n");
  const script = /```sh\n([\s\S]*?)```/.exec(testing.slice(start))?.[1];
  assert(script?.includes("node node_modules/bss-mock/dist/bss-mock.cjs"), "no In CI shell block");
  const port = await freePort();
  run("sh", ["-ec", script.replaceAll("4010", String(port))], { cwd: app });
  const pid = Number(readFileSync(join(app, "bss-mock.pid"), "utf8"));
  for (let i = 0; i < 100 && alive(pid); i++) await new Promise((r) => setTimeout(r, 50));
  assert(!alive(pid), `the mock (pid ${pid}) still runs`);
});

await check(
  "the GitHub Action starts the installed mock, gives its URL, and its post step saves the journal and stops it",
  async () => {
    const job = mkdtempSync(join(work, "action-"));
    const files = {
      GITHUB_OUTPUT: join(job, "output"),
      GITHUB_STATE: join(job, "state"),
      GITHUB_ENV: join(job, "env"),
    };
    const env = { PATH: process.env.PATH, ...files, GITHUB_WORKSPACE: job, RUNNER_TEMP: job };
    const pairs = (file) =>
      Object.fromEntries(
        readFileSync(file, "utf8")
          .split("\n")
          .filter(Boolean)
          .map((line) => [line.slice(0, line.indexOf("=")), line.slice(line.indexOf("=") + 1)]),
      );
    run(process.execPath, [join(repo, "action/main.mjs")], {
      cwd: job,
      env: { ...env, "INPUT_WORKING-DIRECTORY": app, INPUT_PORT: "0", INPUT_ARGS: "--timing instant" },
    });
    const { url, pid } = pairs(files.GITHUB_OUTPUT);
    assert((await fetch(`${url}/v1/user-models`)).status === 200, `no mock at ${url}`);
    const state = Object.fromEntries(Object.entries(pairs(files.GITHUB_STATE)).map(([k, v]) => [`STATE_${k}`, v]));
    run(process.execPath, [join(repo, "action/post.mjs")], { cwd: job, env: { ...env, ...state } });
    for (let i = 0; i < 100 && alive(Number(pid)); i++) await new Promise((r) => setTimeout(r, 50));
    assert(!alive(Number(pid)), `the mock (pid ${pid}) still runs`);
    const journal = JSON.parse(readFileSync(join(job, "bss-mock-artifacts", "requests.json"), "utf8"));
    assert(
      journal.requests.some((entry) => entry.path === "/v1/user-models"),
      JSON.stringify(journal).slice(0, 300),
    );
  },
);

await check(
  "bss-mock mcp from the installed package, as the client configurations of docs/testing.md start it",
  async () => {
    const { Client } = await import("@modelcontextprotocol/sdk/client/index.js");
    const { StdioClientTransport } = await import("@modelcontextprotocol/sdk/client/stdio.js");
    const start = testing.indexOf("\n## In AI coding tools (MCP)\n");
    const section = testing.slice(start, testing.indexOf("\n## ", start + 1));
    const configs = [...section.matchAll(/```json\n([\s\S]*?)```/g)].map(([, json]) => JSON.parse(json));
    assert(configs.length === 2, `${configs.length} configurations`);
    const running = await serve(bin, ["--quiet"], app);
    try {
      for (const config of configs) {
        const { command, args } = (config.mcpServers ?? config.servers)["bss-mock"];
        // As written but for the ports: the running mock's, or any free one for a mock of its own.
        const used = args.map((arg) => (arg === "http://127.0.0.1:4010" ? running.url : arg));
        if (!used.includes("--base-url")) used.push("--port", "0");
        const client = new Client({ name: "test-package", version: manifest.version });
        await client.connect(new StdioClientTransport({ command, args: used, cwd: app, stderr: "inherit" }));
        try {
          const { tools } = await client.listTools();
          assert(tools.length === 10, tools.map((t) => t.name).join());
          const clock = await client.callTool({ name: "read_clock", arguments: {} });
          assert(!clock.isError && JSON.parse(clock.content[0].text).now, JSON.stringify(clock));
        } finally {
          await client.close();
        }
      }
    } finally {
      await stop(running.child);
    }
  },
);

await check("cold start of the installed package, to the first 200 on /healthz", async () => {
  const samples = [];
  for (let i = 0; i < 6; i++) {
    const s = await serve(bin, ["--quiet"], app);
    const ms = await first200(`${s.url}/healthz`, s.started);
    await stop(s.child);
    if (i > 0) samples.push(ms); // the first start warms the file-system cache
  }
  samples.sort((a, b) => a - b);
  numbers.coldStart = `median ${samples[Math.floor(samples.length / 2)].toFixed(0)} ms (min ${samples[0].toFixed(0)}, max ${samples.at(-1).toFixed(0)}; ${samples.length} starts)`;
});

console.log("\nbss-mock package:");
for (const [name, value] of Object.entries(numbers)) console.log(`  ${name.padEnd(10)} ${value}`);
const failed = results.filter((r) => !r.ok).length;
console.log(`\npackage: ${results.length - failed} passed, ${failed} failed`);
if (failed === 0) rmSync(work, { recursive: true, force: true });
process.exit(failed === 0 ? 0 : 1);

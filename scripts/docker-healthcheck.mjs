// The image's HEALTHCHECK (copied into it beside the package): asks /healthz where the mock really listens. The port
// and host come from the mock's own command line, as `bss-mock serve` reads it (the last --port or --host wins, then
// PORT and HOST, then 4010 and 127.0.0.1), so `docker run … bss-mock serve --port 5000` is checked on 5000, not on
// PORT's 4010. The command line is that of PID 1 (tini, `tini -- bss-mock serve …`), or of BSS_MOCK_HEALTH_PID.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

/** The /healthz URL of a mock started with `argv` (its command line) under `env`. */
export function healthUrl(argv, env = {}) {
  const flags = { port: env.PORT || "4010", host: env.HOST || "127.0.0.1" };
  for (let i = 0; i < argv.length; i++) {
    const match = /^--(port|host)(?:=(.*))?$/.exec(argv[i]);
    if (!match) continue;
    const value = match[2] ?? argv[++i];
    if (value) flags[match[1]] = value;
  }
  // All interfaces include the loopback one, which is reachable whatever the container's network.
  const host = ["0.0.0.0", "::", "[::]"].includes(flags.host)
    ? "127.0.0.1"
    : flags.host.includes(":") && !flags.host.startsWith("[")
      ? `[${flags.host}]`
      : flags.host;
  return `http://${host}:${flags.port}/healthz`;
}

/** The command line of `pid` (without the program), or [] when it cannot be read. */
export function commandLine(pid) {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").filter(Boolean).slice(1);
  } catch {
    return [];
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const url = healthUrl(commandLine(process.env.BSS_MOCK_HEALTH_PID || 1), process.env);
  fetch(url, { signal: AbortSignal.timeout(2500) }).then(
    (response) => process.exit(response.ok ? 0 : 1),
    () => process.exit(1),
  );
}

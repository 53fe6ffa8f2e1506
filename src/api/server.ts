import { readdirSync, readFileSync } from "node:fs";
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import { type AddressInfo, Server as NetServer, type Socket } from "node:net";
import { serve } from "@hono/node-server";
import { messageLine } from "../fastapi/index.js";
import { printError } from "../platform/output.js";
import { DbUnusable, openPersistence, type Persistence } from "../store/node.js";
import { createApp, type MockApp, type MockHandle } from "./app.js";
import { type MockOptions, type MockOptionsInput, optionError, validateOptions } from "./config/options.js";

export interface RunningServer {
  /** `http://host:port` as bound (with `port: 0`, the port the system chose). */
  readonly url: string;
  readonly port: number;
  /** The running mock's in-process handle (`fetch` without the network, `document()`). */
  readonly mock: MockHandle;
  /**
   * Stops as uvicorn does: stops accepting connections, closes idle ones, lets the requests in flight finish (their
   * answers say `Connection: close`), then stops background work and flushes and closes `--db` state. `graceMs`: how
   * long the requests in flight may take before their connections are closed (default: as long as they take, as
   * uvicorn's `--timeout-graceful-shutdown`). A second call waits for the first.
   */
  close(options?: { graceMs?: number }): Promise<void>;
  /** Closes every connection now, in flight or not (a second signal): close() then finishes at once. */
  abort(): void;
}

/** The port asked for is taken (EADDRINUSE): a runtime failure, not a usage error. */
export class PortInUseError extends Error {
  override readonly name = "PortInUseError";
  static {
    Object.defineProperty(PortInUseError, "name", { value: "PortInUseError" }); // as ConfigError's
  }
  readonly code = "EADDRINUSE";
  constructor(
    readonly host: string,
    readonly port: number,
  ) {
    super(`port ${port} on ${host} is already in use`);
  }
}

/**
 * A request whose headers and body have not all arrived within a minute is closed (Node's 408): Node's default is 5
 * minutes, during which a slow client holds a place in the budget of bodies in flight (docs/serving.md#limits). Uvicorn
 * waits for ever; a frontend sends its largest body in well under a second.
 */
export const SERVER_TIMEOUTS = { requestTimeout: 60_000, headersTimeout: 60_000 } as const;

/**
 * How long a stop leaves a keep-alive connection without a request in flight open for one more (answered, with
 * `Connection: close`): a client that is using it sends within milliseconds; one idle longer is closed, as it would
 * be after Node's keep-alive timeout (5 s) anyway.
 */
const STOP_IDLE_MS = 1_000;

/** An app over its opened state (memory or `db`), not listening yet. */
export interface OpenedApp {
  readonly mock: MockApp;
  readonly persistence: Persistence;
}

/** Opens the state (memory or `db`) and builds the app over it; nothing listens yet (createMock without a port). */
export async function openApp(options: MockOptions, { socketless = false } = {}): Promise<OpenedApp> {
  const persistence = await openPersistence(options.db, {
    fsync: options.dbSync === "always",
    log: (line) => printError(messageLine(options.logFormat, "warn", line)),
  }).catch((error: unknown) => {
    throw error instanceof DbUnusable ? optionError("db", error.file, error.problem) : error;
  });
  try {
    const mock = createApp(options, {
      collections: persistence.collections,
      changes: persistence.changes,
      socketless,
    });
    return { mock, persistence };
  } catch (error) {
    // A bad fixture or scenario file stops the start: leave the --db file as it was found.
    await persistence.close();
    throw error;
  }
}

/** Listens on options.host:options.port with an opened app; close() stops it and closes the state. */
export async function listen({ mock, persistence }: OpenedApp, options: MockOptions): Promise<RunningServer> {
  const server = serve({
    fetch: mock.fetch,
    port: options.port,
    hostname: options.host,
    serverOptions: SERVER_TIMEOUTS,
  });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once("listening", resolve);
      server.once("error", reject);
    });
  } catch (error) {
    mock.close();
    await persistence.close();
    if ((error as NodeJS.ErrnoException).code === "EADDRINUSE") throw new PortInUseError(options.host, options.port);
    throw hostError(error as NodeJS.ErrnoException, options.host);
  }
  persistence.confirmStart();
  watchConnectionTrouble(server as Server, (line) => printError(messageLine(options.logFormat, "warn", line)));
  const address = server.address() as AddressInfo;
  const host = address.family === "IPv6" ? `[${address.address}]` : address.address;
  const http = server as Server;
  /** Answers not yet finished: a stop lets them finish, each telling its client the connection closes after it. */
  const answering = new Set<ServerResponse>();
  const connections = new Set<Socket>();
  let stopping = false;
  http.on("connection", (socket: Socket) => {
    connections.add(socket);
    socket.once("close", () => connections.delete(socket));
  });
  http.on("request", (_request: IncomingMessage, response: ServerResponse) => {
    answering.add(response);
    if (stopping) response.shouldKeepAlive = false;
    response.once("close", () => answering.delete(response));
  });
  let closing: Promise<void> | undefined;
  return {
    url: `http://${host}:${address.port}`,
    port: address.port,
    mock,
    close({ graceMs = Number.POSITIVE_INFINITY } = {}) {
      closing ??= (async () => {
        stopping = true;
        for (const response of answering) if (!response.headersSent) response.shouldKeepAlive = false;
        // Stop accepting, but not as http.Server.close() does, which also destroys the idle keep-alive connections
        // at once: a request a client has just sent on one (unread yet) is then reset, and its client cannot know
        // whether it happened. They get a moment to send it instead (answered with `Connection: close`).
        const drained = new Promise<void>((resolve) => NetServer.prototype.close.call(http, () => resolve()));
        http.keepAliveTimeout = STOP_IDLE_MS;
        const busy = new Set([...answering].map((response) => response.socket));
        for (const socket of connections) if (!busy.has(socket)) socket.setTimeout(STOP_IDLE_MS);
        if (Number.isFinite(graceMs)) {
          const timer = setTimeout(() => http.closeAllConnections(), graceMs);
          await drained;
          clearTimeout(timer);
        } else {
          await drained;
        }
        mock.close();
        await persistence.close();
      })();
      return closing;
    },
    abort() {
      stopping = true;
      http.closeAllConnections();
    },
  };
}

/**
 * Opens the state (memory or `db`), builds the app and listens. Takes the options of `bss-mock serve` as typed values
 * (`{ port: 0 }`), checked by the same schema as the command line; the defaults are the command line's, so it binds to
 * 127.0.0.1 unless told otherwise. A value it cannot use (an unknown option, a host not of this machine, an unusable
 * db) rejects with ConfigError naming the option; a port in use with PortInUseError.
 */
export async function startServer(input: MockOptionsInput = {}): Promise<RunningServer> {
  const options = validateOptions(input);
  return listen(await openApp(options), options);
}

/** Least time between two log lines about connections refused or not accepted. */
const CONNECTION_TROUBLE_QUIET_MS = 10_000;

/**
 * Says when connections cannot be taken, at most one line per 10 s with what to do. Out of file descriptors, libuv
 * accepts and closes the waiting connections without a word (its EMFILE trick), so the server holds at most as many
 * connections as the process's limit of open files leaves room for, beside the files it keeps open itself, and Node
 * closes one more (its "drop"), which is said; any other accept error is said too rather than ignored.
 */
export function watchConnectionTrouble(server: Server, log: (line: string) => void, now: () => number = Date.now) {
  let saidAt = Number.NEGATIVE_INFINITY;
  let unsaid = 0;
  const say = (line: string) => {
    unsaid++;
    if (now() - saidAt < CONNECTION_TROUBLE_QUIET_MS) return;
    saidAt = now();
    log(`${line}${unsaid > 1 ? ` (${unsaid} times since the last such line)` : ""}; said at most once every 10 s`);
    unsaid = 0;
  };
  const limit = openFilesLimit();
  if (limit !== undefined) {
    server.maxConnections = Math.max(1, limit - openFiles() - FILES_KEPT_FREE);
    server.on("drop", () =>
      say(
        `refused a connection: ${server.maxConnections} are open, as many as this process's limit of ${limit} open files leaves room for; raise the limit (ulimit -n 65536 before starting the mock) or have clients keep fewer connections open`,
      ),
    );
  }
  server.on("error", (error: NodeJS.ErrnoException) => {
    const code = error.code ?? error.message;
    const what =
      code === "EMFILE" || code === "ENFILE"
        ? "too many open files; raise the limit (ulimit -n 65536 before starting the mock) or have clients keep fewer connections open"
        : code === "ENOBUFS" || code === "ENOMEM"
          ? "the system is short of memory for connections"
          : "the connection was not taken";
    say(`cannot accept a connection (${code}): ${what}`);
  });
}

/** Files the mock may open besides connections: the --db journal and files records are read from, a compaction's. */
const FILES_KEPT_FREE = 64;

/** The soft limit of open files (Linux: /proc/self/limits); undefined where it cannot be read or is unlimited. */
function openFilesLimit(): number | undefined {
  try {
    const line = readFileSync("/proc/self/limits", "utf8")
      .split("\n")
      .find((text) => text.startsWith("Max open files"));
    const soft = Number(line?.split(/\s{2,}/)[1]);
    return Number.isSafeInteger(soft) && soft > 0 ? soft : undefined;
  } catch {
    return undefined;
  }
}

/** How many files the process has open now (Linux: /proc/self/fd); 0 where it cannot be read. */
function openFiles(): number {
  try {
    return readdirSync("/proc/self/fd").length;
  } catch {
    return 0;
  }
}

/** A listen failure that is the host value's fault: a usage error naming it (Node's own text names neither). */
function hostError(error: NodeJS.ErrnoException, host: string): Error {
  if (error.code === "EADDRNOTAVAIL") {
    return optionError("host", host, `not an address of this machine (${error.code})`);
  }
  if (error.code === "ENOTFOUND" || error.code === "EAI_AGAIN" || error.code === "EAI_NONAME") {
    return optionError("host", host, `no such host name (${error.code})`);
  }
  return error;
}

import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { createApp, type MockApp, type MockHandle } from "./app.js";
import { type MockOptions, type MockOptionsInput, optionError, validateOptions } from "./config.js";
import { messageLine } from "./http/request-log.js";
import { printError } from "./platform/output.js";
import { DbUnusable, openPersistence, type Persistence } from "./world/persistence/index.js";

export interface RunningServer {
  /** `http://host:port` as bound (with `port: 0`, the port the system chose). */
  readonly url: string;
  readonly port: number;
  /** The running mock's in-process handle (`fetch` without the network, `document()`). */
  readonly mock: MockHandle;
  /** Stops listening, then flushes and closes `--db` state. */
  close(): Promise<void>;
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
 * minutes, during which a slow client holds a place in the budget of bodies in flight (README, "Serving"). Uvicorn
 * waits for ever; a frontend sends its largest body in well under a second.
 */
export const SERVER_TIMEOUTS = { requestTimeout: 60_000, headersTimeout: 60_000 } as const;

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
  const address = server.address() as AddressInfo;
  const host = address.family === "IPv6" ? `[${address.address}]` : address.address;
  let closing: Promise<void> | undefined;
  return {
    url: `http://${host}:${address.port}`,
    port: address.port,
    mock,
    close() {
      mock.close();
      closing ??= new Promise<void>((resolve) => server.close(() => resolve())).then(() => persistence.close());
      return closing;
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

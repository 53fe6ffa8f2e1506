import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { createApp, type MockApp } from "./app.js";
import type { MockOptions } from "./config.js";
import { openPersistence, type Persistence } from "./world/persistence/index.js";

export interface RunningServer {
  readonly url: string;
  readonly mock: MockApp;
  close(): Promise<void>;
}

export interface OpenedApp {
  readonly mock: MockApp;
  readonly persistence: Persistence;
}

/** Opens the state (memory or --db) and builds the app over it; nothing listens yet (createMock without a port). */
export async function openApp(options: MockOptions): Promise<OpenedApp> {
  const persistence = await openPersistence(options.db);
  try {
    const mock = createApp(options, { collections: persistence.collections, changes: persistence.changes });
    return { mock, persistence };
  } catch (error) {
    // A bad fixture or scenario file stops the start: leave the --db file as it was found.
    await persistence.close();
    throw error;
  }
}

/** Listens on options.host:options.port with an opened app; close() stops it and closes the state. */
export async function listen({ mock, persistence }: OpenedApp, options: MockOptions): Promise<RunningServer> {
  const server = serve({ fetch: mock.fetch, port: options.port, hostname: options.host });
  await new Promise<void>((resolve, reject) => {
    server.once("listening", resolve);
    server.once("error", (error: NodeJS.ErrnoException) => reject(hostError(error, options.host)));
  });
  const address = server.address() as AddressInfo;
  const host = address.family === "IPv6" ? `[${address.address}]` : address.address;
  let closing: Promise<void> | undefined;
  return {
    url: `http://${host}:${address.port}`,
    mock,
    close() {
      mock.close();
      closing ??= new Promise<void>((resolve) => server.close(() => resolve())).then(() => persistence.close());
      return closing;
    },
  };
}

/** Opens the state (memory or --db), builds the app and listens. */
export async function startServer(options: MockOptions): Promise<RunningServer> {
  return listen(await openApp(options), options);
}

/** A listen failure that is the --host value's fault, in one line naming the flag (Node's own text names neither). */
function hostError(error: NodeJS.ErrnoException, host: string): Error {
  if (error.code === "EADDRNOTAVAIL") {
    return new Error(`invalid --host '${host}': not an address of this machine (${error.code})`);
  }
  if (error.code === "ENOTFOUND" || error.code === "EAI_AGAIN" || error.code === "EAI_NONAME") {
    return new Error(`invalid --host '${host}': no such host name (${error.code})`);
  }
  return error;
}

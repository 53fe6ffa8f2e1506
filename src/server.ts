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

/** Opens the state (memory or --db) and builds the app over it; nothing listens yet. */
export async function openApp(options: MockOptions): Promise<OpenedApp> {
  const persistence = await openPersistence(options.db);
  try {
    return {
      mock: createApp(options, { collections: persistence.collections, changes: persistence.changes }),
      persistence,
    };
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
    server.once("error", reject);
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

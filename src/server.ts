import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { createApp, type MockApp } from "./app.js";
import type { MockOptions } from "./config.js";
import { openPersistence } from "./world/persistence/index.js";

export interface RunningServer {
  readonly url: string;
  readonly mock: MockApp;
  close(): Promise<void>;
}

/** Opens the state (memory or --db), builds the app and listens. */
export async function startServer(options: MockOptions): Promise<RunningServer> {
  const persistence = await openPersistence(options.db, { fsync: options.dbSync === "always" });
  let mock: MockApp;
  try {
    mock = createApp(options, { collections: persistence.collections, changes: persistence.changes });
  } catch (error) {
    // A bad fixture file stops the start: leave the --db file as it was found.
    await persistence.close();
    throw error;
  }
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

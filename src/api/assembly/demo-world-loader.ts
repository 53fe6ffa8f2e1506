import type { Content } from "../../content/index.js";
import { messageLine } from "../../fastapi/index.js";
import { printError } from "../../platform/output.js";
import type { MockOptions } from "../config/options.js";
import { ensureDemoWorld } from "../seeding/demo-world.js";
import type { Services } from "../services.js";

/**
 * The demo world is built on the demo caller's first API request rather than at start-up: the start stays as fast
 * as before, and what is planning or running in it is seen moving. It is built only into an empty demo
 * organisation, so a restart with --db never adds it twice. `build` runs before each request; `rebuild` asks for it
 * again (a reset, a failed write).
 */
export function lazyDemoWorld(
  services: Services,
  content: Content,
  options: MockOptions,
): { build: () => void; rebuild: () => void } {
  let demoPending = false;
  const rebuildDemo = () => {
    demoPending = options.auth === "optional" && content.demoWorld !== undefined;
  };
  rebuildDemo();
  const buildDemoWorld = () => {
    if (!demoPending) return;
    demoPending = false;
    try {
      if (content.demoWorld && ensureDemoWorld(services, content.demoWorld)) {
        // A write that fails undoes the build (and the request that showed it is answered 503): build it again on
        // the next request, rather than leave the demo organisation empty until a restart.
        services.world.written()?.catch(rebuildDemo);
      }
    } catch (error) {
      printError(
        messageLine(
          options.logFormat,
          "error",
          `the demo world could not be built: ${(error as Error).stack ?? error}`,
        ),
      );
    }
  };
  return { build: buildDemoWorld, rebuild: rebuildDemo };
}

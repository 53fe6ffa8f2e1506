import { z } from "@hono/zod-openapi";
import { defineRoute } from "../define-route.js";

export const healthRoute = defineRoute(
  { method: "get", path: "/healthz", tags: ["mock"], summary: "Liveness of the mock" },
  {
    responses: () => ({
      200: {
        description: "The mock is up",
        content: { "application/json": { schema: z.object({ status: z.literal("ok") }) } },
      },
    }),
  },
);

// Generates the typed client's declarations, openapi/openapi.d.ts, from openapi/openapi.json with openapi-typescript
// (`npm run openapi` runs it after writing the document; scripts/generate-client.test.ts fails when they drift).
// The package ships them as `bss-mock/client`, to be used with openapi-fetch: createClient<paths>({ baseUrl }).
import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import openapiTS, { astToString } from "openapi-typescript";
import ts from "typescript";

export const CLIENT_TYPES_FILE = "openapi/openapi.d.ts";

const HEADER = `/**
 * Types of the Behaviour Simulation Service API as bss-mock documents it, for openapi-fetch:
 *
 *   import createClient from "openapi-fetch";
 *   import type { paths } from "bss-mock/client";
 *   const api = createClient<paths>({ baseUrl: "http://127.0.0.1:4010" });
 *
 * \`error\` is the union of every refusal an operation can give: narrow it (a 500 is the text "Internal Server
 * Error"; a 422's \`detail\` is a list, any other refusal's a string) before reading it as one body. Generated from
 * bss-mock's OpenAPI document (bss-mock/openapi.json): do not edit.
 */

`;

const { factory } = ts;
const literal = (value) => factory.createLiteralTypeNode(factory.createStringLiteral(value));

/** The declarations for an OpenAPI document (a parsed object). */
export async function clientTypes(document) {
  const ast = await openapiTS(document, {
    // `Schema<Name>` aliases (SchemaSimulation, ...) beside `components["schemas"][...]`.
    rootTypes: true,
    // A property with a default is optional where the document says so: openapi-typescript's default made
    // `inputs` and `question_type` required in request bodies kept as components, where a client may leave them out.
    defaultNonNullable: false,
    transform(schema) {
      // A file to upload is a Blob (a File is one) in the browser and in Node, not the string of its bytes.
      if (schema.format === "binary") return factory.createTypeReferenceNode("Blob");
      // Values the mock accepts where the body model takes any string (the document's `x-extensible-enum`).
      const values = schema["x-extensible-enum"];
      if (Array.isArray(values)) return factory.createUnionTypeNode(values.map(literal));
      return undefined;
    },
    postTransform(type, options) {
      // openapi-fetch sends a FormData as it is; `{ file }` needs a bodySerializer that builds one (docs/serving.md).
      if (options.path?.endsWith("/content/multipart~1form-data")) {
        return factory.createUnionTypeNode([type, factory.createTypeReferenceNode("FormData")]);
      }
      return undefined;
    },
  });
  return HEADER + astToString(ast);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const document = JSON.parse(readFileSync("openapi/openapi.json", "utf8"));
  writeFileSync(CLIENT_TYPES_FILE, await clientTypes(document));
  console.log(`wrote ${CLIENT_TYPES_FILE}`);
}

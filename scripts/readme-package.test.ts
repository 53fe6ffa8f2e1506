import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { packageSection } from "./readme-package.mjs";

// The package's commands and snippets (the README's install and quick starts, docs/serving.md's "The package") are run
// by `npm run test:package` (npx commands, TypeScript snippets) and `npm run test:docker` (Docker steps). This keeps
// them within what those runs know how to exercise.
describe("README and docs/serving.md: using the package", () => {
  const { commands, typescript } = packageSection();

  it("should show the TypeScript that the package test compiles and runs", () => {
    expect(typescript).toEqual([
      readFileSync("scripts/package-consumer/readme-api.ts", "utf8"),
      readFileSync("scripts/package-consumer/readme-client.ts", "utf8"),
      readFileSync("scripts/package-consumer/readme-upload.ts", "utf8"),
    ]);
  });

  it("should show only commands the package test or the Docker replay runs", () => {
    expect(commands.length).toBeGreaterThan(5);
    for (const command of commands) {
      expect(command, command).toMatch(
        /^(npm install --save-dev bss-mock|npm install openapi-fetch|npx bss-mock( .*)?|docker build -t bss-mock \.|docker run -p 4010:4010 -v bss:\/data bss-mock serve --host 0\.0\.0\.0 --db \/data\/bss-mock\.json|docker run --rm bss-mock contract --base-url \S+)$/,
      );
    }
  });
});

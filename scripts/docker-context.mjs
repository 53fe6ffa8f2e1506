// The Docker build context as `docker build` sees it: .dockerignore's rules (in order, the last match wins, `!`
// re-includes; a rule that matches a folder matches what is in it), for the Dockerfile linter and the replay.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";

function rules() {
  if (!existsSync(".dockerignore")) return [];
  return readFileSync(".dockerignore", "utf8")
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith("#"))
    .map((line) => {
      const negated = line.startsWith("!");
      const pattern = (negated ? line.slice(1) : line).replace(/^\.?\//, "").replace(/\/$/, "");
      const source = pattern
        .split("**")
        .map((part) =>
          part
            .replace(/[.+^${}()|[\]\\]/g, "\\$&")
            .replace(/\*/g, "[^/]*")
            .replace(/\?/g, "[^/]"),
        )
        .join(".*");
      return { negated, regex: new RegExp(`^${source}$`) };
    });
}

/** Whether a path of the repository (relative, `/`-separated) is left out of the build context. */
export function dockerIgnored(path, list = rules()) {
  const parts = path.replace(/^\.\//, "").replace(/\/$/, "").split("/");
  let ignored = false;
  for (const rule of list) {
    for (let i = 1; i <= parts.length; i++) {
      if (rule.regex.test(parts.slice(0, i).join("/"))) {
        ignored = !rule.negated;
        break;
      }
    }
  }
  return ignored;
}

/** The files of `source` (a file or a folder of the repository) that are in the build context. */
export function contextFiles(source) {
  const list = rules();
  if (!statSync(source).isDirectory()) return dockerIgnored(source, list) ? [] : [source];
  return readdirSync(source, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath ?? entry.path, entry.name))
    .filter((file) => !dockerIgnored(file, list));
}

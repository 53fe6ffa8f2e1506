// The published package.json keeps only the scripts that run with what the package ships (`start`: dist/). The
// others need files a user does not get (scripts/, bench/, src/, contract-tests/, the dev tools), and `prepare`,
// which builds dist/ after `npm ci` in a clone, would also make npm 11 warn on every install of the package ("install
// scripts not yet covered by allowScripts"). npm packs the package.json on disk after `prepack`, and runs `postpack`
// from the manifest it read before, so `prepack` strips the scripts and `postpack` puts the file back, byte for byte
// (as pinst does for husky's postinstall). A pack that failed between the two leaves the backup, which the next
// strip or restore puts back first.
//   node scripts/pack-manifest.mjs strip|restore
import { existsSync, readFileSync, renameSync, writeFileSync } from "node:fs";

const MANIFEST = "package.json";
const BACKUP = ".package.json.before-pack";
/** npm runs these on install of a package (from a registry, a tarball or git). */
export const INSTALL_SCRIPTS = ["preinstall", "install", "postinstall", "prepare"];
/** The scripts the published package.json keeps: each runs with the files the package ships. */
export const PUBLISHED_SCRIPTS = ["start"];

/** The manifest as published: the same, but for the scripts that need files the package does not ship. */
export function published(manifest) {
  const scripts = Object.fromEntries(
    Object.entries(manifest.scripts ?? {}).filter(([name]) => PUBLISHED_SCRIPTS.includes(name)),
  );
  return { ...manifest, scripts };
}

export function restore() {
  if (existsSync(BACKUP)) renameSync(BACKUP, MANIFEST);
}

export function strip() {
  restore();
  const text = readFileSync(MANIFEST, "utf8");
  writeFileSync(BACKUP, text);
  writeFileSync(MANIFEST, `${JSON.stringify(published(JSON.parse(text)), null, 2)}\n`);
}

const command = process.argv[2];
if (command === "strip") strip();
else if (command === "restore") restore();
else if (command !== undefined) {
  console.error(`pack-manifest: unknown command '${command}' (strip or restore)`);
  process.exit(2);
}

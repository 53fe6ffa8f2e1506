// The published package.json without the repository's `prepare` script. `prepare` builds dist/ after `npm ci` in a
// clone; in the tarball it is dead weight (dist/ ships built, scripts/ does not), and npm 11 warns on every install
// of a package with an install-time script ("install scripts not yet covered by allowScripts"). npm packs the
// package.json on disk after `prepack`, so `prepack` strips the script and `postpack` puts the file back, byte for
// byte (as pinst does for husky's postinstall). A pack that failed between the two leaves the backup, which the next
// strip or restore puts back first.
//   node scripts/pack-manifest.mjs strip|restore
import { existsSync, readFileSync, renameSync, writeFileSync } from "node:fs";

const MANIFEST = "package.json";
const BACKUP = ".package.json.before-pack";
/** npm runs these on install of a package (from a registry, a tarball or git). */
export const INSTALL_SCRIPTS = ["preinstall", "install", "postinstall", "prepare"];

export function restore() {
  if (existsSync(BACKUP)) renameSync(BACKUP, MANIFEST);
}

export function strip() {
  restore();
  const text = readFileSync(MANIFEST, "utf8");
  const manifest = JSON.parse(text);
  for (const name of INSTALL_SCRIPTS) delete manifest.scripts?.[name];
  writeFileSync(BACKUP, text);
  writeFileSync(MANIFEST, `${JSON.stringify(manifest, null, 2)}\n`);
}

const command = process.argv[2];
if (command === "strip") strip();
else if (command === "restore") restore();
else if (command !== undefined) {
  console.error(`pack-manifest: unknown command '${command}' (strip or restore)`);
  process.exit(2);
}

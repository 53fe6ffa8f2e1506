/**
 * The Python packages of the contract kit's FastAPI implementation (contract-tests/kit/implementations/fastapi), in
 * .venv-kit beside the repository, pinned by its requirements.txt. Run by `npm run test:kit`; does nothing when the
 * virtual environment already holds those exact versions.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const venv = join(root, ".venv-kit");
const requirements = join(root, "contract-tests", "kit", "implementations", "fastapi", "requirements.txt");
const stamp = join(venv, "requirements.installed");
const wanted = readFileSync(requirements, "utf8");

if (existsSync(stamp) && readFileSync(stamp, "utf8") === wanted) process.exit(0);
const python = process.env.PYTHON ?? "python3";
try {
  execFileSync(python, ["-m", "venv", venv], { stdio: "inherit" });
  // An index the machine cannot reach fails at once instead of after pip's retries (a mirror configured for pip is
  // what answers); its warnings are shown only when the install fails.
  const args = ["install", "--quiet", "--disable-pip-version-check", "--retries", "0", "--timeout", "5"];
  execFileSync(join(venv, "bin", "pip"), [...args, "-r", requirements], { stdio: "pipe", encoding: "utf8" });
} catch (error) {
  console.error(
    `kit-venv: could not install the FastAPI implementation's packages (${requirements}) into ${venv} with ${python}: ${error.message}\n${error.stderr ?? ""}`,
  );
  process.exit(1);
}
writeFileSync(stamp, wanted);

// Writes the package's declarations into types/ (run by prepack, as it type-checks all of src/: too slow for every
// build): types/index.d.ts (the public API, whatever src/index.ts exports), types/browser.d.ts (bss-mock/browser,
// whatever src/browser.ts exports) and types/client.d.ts (the typed client, from openapi/openapi.d.ts).
//
// dts-bundle-generator bundles the declarations tsc emits for each entry into one file, keeping our doc comments.
// The bundle must stand alone: hono, zod and the rest are bundled into the JavaScript, not installed with the package,
// so a declaration that imports from them would silently turn into `any` for users (TypeScript skips errors in
// libraries). Type aliases built from zod schemas (the options) are therefore written out as the plain object types
// they stand for, and any other import of a package fails the build, naming what leaked.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { builtinModules } from "node:module";
import { generateDtsBundle } from "dts-bundle-generator";
import ts from "typescript";
import { internalFileMentions, ownCommentOnly } from "./declaration-comments.mjs";

const ENTRIES = [
  { filePath: "src/index.ts", out: "types/index.d.ts" },
  { filePath: "src/browser.ts", out: "types/browser.d.ts" },
];
// One program for both entries: the type-check of src/ is the slow part.
const bundles = generateDtsBundle(
  ENTRIES.map(({ filePath }) => ({ filePath, output: { noBanner: true } })),
  { preferredConfigPath: "tsconfig.json" },
);
const texts = ENTRIES.map(({ out }, i) => standAlone(bundles[i], out));
const client = readFileSync("openapi/openapi.d.ts", "utf8");
// A doc comment that names a file of the repository points a user's editor at something the package does not ship.
const fileMentions = [...ENTRIES.map(({ out }, i) => [out, texts[i]]), ["types/client.d.ts", client]].flatMap(
  ([out, text]) => internalFileMentions(text).map((file) => `${out}: ${file}`),
);
if (fileMentions.length > 0) {
  throw new Error(`doc comments name files of the repository (say what, not where):\n  ${fileMentions.join("\n  ")}`);
}
rmSync("types", { recursive: true, force: true });
mkdirSync("types");
for (const [i, { out }] of ENTRIES.entries()) writeFileSync(out, texts[i]);
writeFileSync("types/client.d.ts", client);

/**
 * Expands aliases of imported (zod) types, drops what no longer is referenced, and refuses any import left over.
 * `out` names the file in error messages.
 */
function standAlone(source, out) {
  const fileName = "bss-mock-public.d.ts";
  const program = programOf(fileName, source, { skipLibCheck: true });
  const checker = program.getTypeChecker();
  const file = program.getSourceFile(fileName);
  const imported = new Set();
  for (const statement of file.statements) {
    if (ts.isImportDeclaration(statement) && !isBuiltin(statement.moduleSpecifier.text)) {
      for (const name of importedNames(statement)) imported.add(name);
    }
  }
  const mentionsImport = (node) => [...imported].some((name) => new RegExp(`\\b${name}\\.`).test(node.getText(file)));
  const printer = ts.createPrinter({ removeComments: false });
  const pieces = [];
  for (const statement of file.statements) {
    if (ts.isTypeAliasDeclaration(statement) && mentionsImport(statement.type)) {
      const type = checker.getTypeAtLocation(statement.name);
      const node = checker.typeToTypeNode(
        type,
        undefined,
        ts.NodeBuilderFlags.NoTruncation |
          ts.NodeBuilderFlags.InTypeAlias |
          ts.NodeBuilderFlags.MultilineObjectLiterals,
      );
      const expanded = ts.factory.updateTypeAliasDeclaration(
        statement,
        statement.modifiers,
        statement.name,
        statement.typeParameters,
        node,
      );
      const text = `${leadingComment(statement, file)}${printer.printNode(4, expanded, file)}`;
      pieces.push({ statement, text: ownCommentOnly(text) });
    } else {
      pieces.push({ statement, text: ownCommentOnly(statement.getFullText(file)) });
    }
  }
  // Drop unexported declarations and imports nothing refers to any more (the zod schemas behind expanded aliases).
  let kept = pieces;
  for (let changed = true; changed; ) {
    // Imports refer to nothing: two imports of the same name (`z` from zod and from @hono/zod-openapi) must not keep
    // each other.
    const all = kept
      .filter((p) => !ts.isImportDeclaration(p.statement))
      .map((p) => p.text)
      .join("\n");
    const next = kept.filter(({ statement, text }) => {
      const names = declaredNames(statement);
      if (names.length === 0 || isExported(statement)) return true;
      // Names being declared (or exported under, `Context$1 as Context`) are not references: an exported type
      // `Context` (an expanded alias) must not keep the unexported zod schema `declare const Context` it came from.
      // Nor are property keys or comments: `schemas.Context` (a key named as a type) must not keep a zod schema.
      const rest = all
        .replace(text, "")
        .replace(/\/\*[\s\S]*?\*\//g, "")
        .replace(/\b(type|interface|class|function|const|let|var|enum|as)\s+[\w$]+/g, "$1 ")
        .replace(/^(\s*(?:readonly\s+)?)[\w$]+\??:/gm, "$1");
      return names.some((name) => mentions(rest, name));
    });
    changed = next.length !== kept.length;
    kept = next;
  }
  const leaks = kept
    .filter(({ statement }) => ts.isImportDeclaration(statement) && !isBuiltin(statement.moduleSpecifier.text))
    .map(({ statement }) => statement.getText(file));
  if (leaks.length > 0) {
    throw new Error(
      `${out} would import packages its users do not have:\n  ${leaks.join("\n  ")}\n` +
        "Export plain types (see MockHandle in src/index.ts) instead of types of bundled dependencies.",
    );
  }
  const body = `${kept
    .map((p) => p.text)
    .join("")
    .trim()}\n`;
  return withMissingAliases(body, program, out);
}

/**
 * An expanded alias can still name a helper alias of the package it came from (zod's recursive `JSONType`): the
 * checker prints a named type by its name. Each name the bundle then lacks is declared in it, copied from the package's
 * declaration, and anything else it cannot resolve fails the build here rather than in our users' tsc.
 */
function withMissingAliases(body, original, out) {
  let text = body;
  for (let round = 0; round < 5; round++) {
    const missing = unresolvedNames(text, out);
    if (missing.length === 0) return text;
    const added = missing.map((name) => {
      const declaration = findTypeAlias(original, name);
      if (!declaration) throw new Error(`${out} names ${name}, which it does not declare`);
      return `type ${name}${declaration.typeParameters ? `<${declaration.typeParameters.map((t) => t.getText()).join(", ")}>` : ""} = ${declaration.type.getText()};`;
    });
    text = `${text}${added.join("\n")}\n`;
  }
  throw new Error(`${out} still names undeclared types: ${unresolvedNames(text, out).join(", ")}`);
}

function unresolvedNames(source, out) {
  const fileName = "bss-mock-check.d.ts";
  const program = programOf(fileName, source, { noEmit: true });
  const diagnostics = ts.getPreEmitDiagnostics(program, program.getSourceFile(fileName));
  const missing = new Set();
  for (const d of diagnostics) {
    const message = ts.flattenDiagnosticMessageText(d.messageText, "\n");
    const match = /^Cannot find name '([\w$]+)'/.exec(message);
    if (match) missing.add(match[1]);
    else throw new Error(`${out} does not type-check: ${message}`);
  }
  return [...missing];
}

/** A program of one in-memory declaration file (`source`, named `fileName`) beside the installed packages. */
function programOf(fileName, source, options) {
  const compilerOptions = {
    strict: true,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    ...options,
  };
  const host = ts.createCompilerHost(compilerOptions);
  const readFile = host.getSourceFile.bind(host);
  host.getSourceFile = (name, version, ...rest) =>
    name === fileName ? ts.createSourceFile(name, source, version, true) : readFile(name, version, ...rest);
  return ts.createProgram([fileName], compilerOptions, host);
}

function findTypeAlias(program, name) {
  for (const file of program.getSourceFiles()) {
    for (const statement of file.statements) {
      if (ts.isTypeAliasDeclaration(statement) && statement.name.text === name) return statement;
    }
  }
  return undefined;
}

/** Whether `text` names `name` as a whole identifier (`$` is part of one: `Context$1` is not `Context`). */
function mentions(text, name) {
  return new RegExp(`(?<![\\w$])${name.replace(/\$/g, "\\$")}(?![\\w$])`).test(text);
}

function isBuiltin(specifier) {
  return specifier.startsWith("node:") || builtinModules.includes(specifier);
}

function importedNames(statement) {
  const clause = statement.importClause;
  if (!clause) return [];
  const names = clause.name ? [clause.name.text] : [];
  const bindings = clause.namedBindings;
  if (bindings && ts.isNamespaceImport(bindings)) names.push(bindings.name.text);
  if (bindings && ts.isNamedImports(bindings)) names.push(...bindings.elements.map((e) => e.name.text));
  return names;
}

function declaredNames(statement) {
  if (ts.isImportDeclaration(statement)) return importedNames(statement);
  if (ts.isVariableStatement(statement)) return statement.declarationList.declarations.map((d) => d.name.getText());
  if (statement.name && ts.isIdentifier(statement.name)) return [statement.name.text];
  return [];
}

function isExported(statement) {
  return (statement.modifiers ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
}

function leadingComment(statement, file) {
  const full = statement.getFullText(file);
  return full.slice(0, full.length - statement.getText(file).length);
}

// The doc comments of the package's declarations (types/*.d.ts), as a user's editor shows them: a declaration's own
// comment only, and no word of the repository's files, which the package does not ship.

/**
 * `text` (a declaration with its leading comments) with only the last comment block before the declaration: the
 * bundler puts a source file's top comment before that file's first declaration, where it reads as that one's doc.
 */
export function ownCommentOnly(text) {
  const match = /^(\s*)((?:\/\*[\s\S]*?\*\/\s*){2,})/.exec(text);
  if (!match) return text;
  const blocks = match[2].match(/\/\*[\s\S]*?\*\/\s*/g);
  return `${match[1]}${blocks.at(-1)}${text.slice(match[0].length)}`;
}

/** The places in `text`'s comments that name a file of the repository (`src/api/mock.ts`, `app.ts`), one per line. */
export function internalFileMentions(text) {
  const comments = text.match(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g) ?? [];
  return comments.flatMap((comment) =>
    [...comment.matchAll(/(?<![\w@/-])(?:[\w.-]+\/)*[\w.-]+\.(?:ts|mts|cts|mjs|cjs)\b/g)]
      .map((m) => m[0])
      // The package's own files are a user's to open.
      .filter((file) => !/(^|\/)dist\//.test(file)),
  );
}

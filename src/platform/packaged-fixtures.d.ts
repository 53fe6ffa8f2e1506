/** The packaged fixtures/*.json, file name -> text, embedded by scripts/browser-build.mjs (browser bundle only). */
declare module "bss-mock:packaged-fixtures" {
  const files: Readonly<Record<string, string>>;
  export default files;
  /** The packaged scenarios/*.json (the JSON Schema too), file name -> text. */
  export const packagedScenarios: Readonly<Record<string, string>>;
  /** package.json's name and version, as JSON text. */
  export const packageManifest: string;
}

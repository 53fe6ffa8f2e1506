/** The packaged fixtures/*.json, file name -> text, embedded by scripts/browser-build.mjs (browser bundle only). */
declare module "bss-mock:packaged-fixtures" {
  const files: Readonly<Record<string, string>>;
  export default files;
}

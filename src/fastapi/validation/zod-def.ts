/**
 * Read-only access to zod 4 schema internals (`schema._zod.def`, `schema._zod.values`). The zod schemas stay the
 * single source of truth; this module only interprets their definitions (see node_modules/zod/v4/core/schemas.d.ts
 * and checks.d.ts for the shapes).
 */

/** Any zod 4 schema (classic or core). */
export type ZodLike = { _zod: { def: unknown } };

export interface SchemaDef {
  type: string;
  [key: string]: unknown;
}

export interface CheckDef {
  check: string;
  [key: string]: unknown;
}

export function defOf(schema: ZodLike): SchemaDef {
  return schema._zod.def as SchemaDef;
}

/** The `def` of each check attached to the schema (`.min()`, `.regex()`, `.int()`, ...). */
export function checksOf(def: SchemaDef): CheckDef[] {
  const checks = def.checks;
  if (!Array.isArray(checks)) return [];
  return checks.map((c) => (c as ZodLike)._zod.def as CheckDef);
}

export function child(def: SchemaDef, key: string): ZodLike {
  const v = def[key];
  if (v === null || typeof v !== "object" || !("_zod" in v))
    throw new Error(`zod def ${def.type}: no schema at ${key}`);
  return v as ZodLike;
}

/** The allowed values of a z.literal / z.enum, in declaration order (zod's `_zod.values`). */
export function literalValues(schema: ZodLike): unknown[] {
  const values = (schema._zod as { values?: Set<unknown> }).values;
  if (values instanceof Set) return [...values];
  const def = defOf(schema);
  if (Array.isArray(def.values)) return def.values as unknown[];
  if (def.entries && typeof def.entries === "object") return Object.values(def.entries as object);
  return [];
}

export function shapeOf(def: SchemaDef): Record<string, ZodLike> {
  return def.shape as Record<string, ZodLike>;
}

const INT_FORMATS = new Set(["safeint", "int32", "uint32", "int64", "uint64"]);
const UUID_FORMATS = new Set(["uuid", "guid"]);

/** z.int(), z.int32(), z.number().int(): the number schema or one of its checks carries an integer format. */
export function isIntNumber(def: SchemaDef): boolean {
  if (typeof def.format === "string" && INT_FORMATS.has(def.format)) return true;
  return checksOf(def).some((c) => c.check === "number_format" && INT_FORMATS.has(String(c.format)));
}

/** z.uuid(), z.guid(), z.uuidv4(), z.string().uuid(): returns the required version (0 = any) or null. */
export function uuidFormat(def: SchemaDef): number | null {
  const fromDef = (d: SchemaDef | CheckDef): number | null => {
    if (typeof d.format !== "string" || !UUID_FORMATS.has(d.format)) return null;
    const v = typeof d.version === "string" ? Number.parseInt(d.version.replace(/^v/, ""), 10) : 0;
    return Number.isFinite(v) ? v : 0;
  };
  const own = fromDef(def);
  if (own !== null) return own;
  for (const c of checksOf(def)) {
    if (c.check !== "string_format") continue;
    const v = fromDef(c);
    if (v !== null) return v;
  }
  return null;
}

/** z.iso.datetime(), z.string().datetime(): a pydantic `datetime`. */
export function isDatetimeFormat(def: SchemaDef): boolean {
  return def.format === "datetime" || checksOf(def).some((c) => c.check === "string_format" && c.format === "datetime");
}

/** A human name for a schema (zod `.meta({ title })` / `.meta({ id })`), used where pydantic shows a class name. */
export function schemaTitle(schema: ZodLike): string | undefined {
  const meta = (schema as { meta?: () => unknown }).meta;
  if (typeof meta !== "function") return undefined;
  try {
    const m = meta.call(schema) as { title?: unknown; id?: unknown } | undefined;
    if (m && typeof m.title === "string") return m.title;
    if (m && typeof m.id === "string") return m.id;
  } catch {
    return undefined;
  }
  return undefined;
}

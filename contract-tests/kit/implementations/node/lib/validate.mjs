// Tiny hand-written request validator.
// A schema is a plain object made with the T helpers below; check() walks a value against it,
// pushes {loc, msg, type} problems onto an array, and returns the cleaned value.

export const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const T = {
  str: (o = {}) => ({ k: 'str', ...o }),
  int: (o = {}) => ({ k: 'int', ...o }),
  num: (o = {}) => ({ k: 'num', ...o }),
  bool: (o = {}) => ({ k: 'bool', ...o }),
  uuid: (o = {}) => ({ k: 'uuid', ...o }),
  arr: (items, o = {}) => ({ k: 'arr', items, ...o }),
  // props: { name: { s: schema, req: bool, def: value } }
  obj: (props, o = {}) => ({ k: 'obj', props, extra: 'ignore', ...o }),
  map: (values, o = {}) => ({ k: 'map', values, ...o }),
  any: (o = {}) => ({ k: 'any', ...o }),
};

export function problem(loc, msg, type) {
  return { loc, msg, type };
}

const isPlainObject = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);
const codePoints = (s) => [...s].length;
const clone = (v) => (v === undefined ? undefined : JSON.parse(JSON.stringify(v)));

export function check(s, v, loc, errs) {
  if (v === null) {
    if (s.nullable) return null;
    errs.push(problem(loc, 'null is not accepted for this field', 'bss.null_forbidden'));
    return undefined;
  }
  switch (s.k) {
    case 'any':
      return v;
    case 'str': {
      if (typeof v !== 'string') {
        errs.push(problem(loc, 'expected a JSON string', 'bss.expected_string'));
        return undefined;
      }
      const n = codePoints(v);
      if (s.min != null && n < s.min) errs.push(problem(loc, `needs at least ${s.min} character(s), got ${n}`, 'bss.too_short'));
      if (s.max != null && n > s.max) errs.push(problem(loc, `allows at most ${s.max} character(s), got ${n}`, 'bss.too_long'));
      if (s.enum && !s.enum.includes(v)) errs.push(problem(loc, `must be one of: ${s.enum.join(', ')}`, 'bss.not_in_enum'));
      return v;
    }
    case 'int': {
      if (typeof v !== 'number' || !Number.isInteger(v)) {
        errs.push(problem(loc, 'expected a whole number', 'bss.expected_integer'));
        return undefined;
      }
      if (s.min != null && v < s.min) errs.push(problem(loc, `must be >= ${s.min}`, 'bss.out_of_range'));
      if (s.max != null && v > s.max) errs.push(problem(loc, `must be <= ${s.max}`, 'bss.out_of_range'));
      return v;
    }
    case 'num': {
      if (typeof v !== 'number' || !Number.isFinite(v)) {
        errs.push(problem(loc, 'expected a number', 'bss.expected_number'));
        return undefined;
      }
      if (s.min != null && v < s.min) errs.push(problem(loc, `must be >= ${s.min}`, 'bss.out_of_range'));
      return v;
    }
    case 'bool': {
      if (typeof v !== 'boolean') {
        errs.push(problem(loc, 'expected true or false', 'bss.expected_boolean'));
        return undefined;
      }
      return v;
    }
    case 'uuid': {
      if (typeof v !== 'string' || !UUID_RE.test(v)) {
        errs.push(problem(loc, 'expected a UUID such as 3fa85f64-5717-4562-b3fc-2c963f66afa6', 'bss.bad_uuid'));
        return undefined;
      }
      return v.toLowerCase();
    }
    case 'arr': {
      if (!Array.isArray(v)) {
        errs.push(problem(loc, 'expected a JSON array', 'bss.expected_array'));
        return undefined;
      }
      if (s.min != null && v.length < s.min) errs.push(problem(loc, `needs at least ${s.min} entr${s.min === 1 ? 'y' : 'ies'}, got ${v.length}`, 'bss.too_few_entries'));
      if (s.max != null && v.length > s.max) errs.push(problem(loc, `allows at most ${s.max} entries, got ${v.length}`, 'bss.too_many_entries'));
      return v.map((x, i) => check(s.items, x, [...loc, i], errs));
    }
    case 'map': {
      if (!isPlainObject(v)) {
        errs.push(problem(loc, 'expected a JSON object', 'bss.expected_object'));
        return undefined;
      }
      const out = {};
      for (const [key, val] of Object.entries(v)) out[key] = check(s.values, val, [...loc, key], errs);
      return out;
    }
    case 'obj': {
      if (!isPlainObject(v)) {
        errs.push(problem(loc, 'expected a JSON object', 'bss.expected_object'));
        return undefined;
      }
      const out = {};
      for (const [name, p] of Object.entries(s.props)) {
        if (!(name in v) || v[name] === undefined) {
          if (p.req) errs.push(problem([...loc, name], 'this field is required', 'bss.missing'));
          else if ('def' in p) out[name] = clone(p.def);
        } else {
          out[name] = check(p.s, v[name], [...loc, name], errs);
        }
      }
      if (s.extra === 'forbid') {
        for (const key of Object.keys(v)) {
          if (!(key in s.props)) errs.push(problem([...loc, key], 'unknown property; it is not part of this object', 'bss.unknown_property'));
        }
      }
      return out;
    }
    default:
      throw new Error(`unknown schema kind ${s.k}`);
  }
}

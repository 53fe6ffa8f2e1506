"""Records what CPython's json and pydantic really do, for oracle.test.ts.

Run from this folder with CPython 3.11+/3.12 and pydantic 2.13.x installed:

    python3 generate.py

It rewrites cpython-json.json.gz, pydantic.json.gz and uuid.json.gz (deterministic: fixed seeds). The test file
defines the zod twin of every schema in SCHEMAS below; keep the two lists in step.
"""

import base64
import gzip
import json
import math
import platform
import random
import sys
from typing import Any, Literal, Optional, Union
from uuid import UUID

import pydantic
import pydantic_core
from pydantic import UUID4, BaseModel, ConfigDict, Field, StringConstraints, TypeAdapter, ValidationError, model_validator
from typing_extensions import Annotated

sys.setrecursionlimit(20000)
VERSIONS = {"python": platform.python_version(), "pydantic": pydantic.VERSION, "pydantic_core": pydantic_core.__version__}


def tr(v):
    """A typed, lossless rendering of a Python value (ints as text, floats as repr)."""
    if v is None:
        return {"t": "none"}
    if v is True or v is False:
        return {"t": "bool", "v": v}
    if isinstance(v, int):
        return {"t": "int", "v": str(v)}
    if isinstance(v, float):
        return {"t": "float", "v": "nan" if math.isnan(v) else repr(v)}
    if isinstance(v, str):
        return {"t": "str", "v": v}
    if isinstance(v, list):
        return {"t": "list", "v": [tr(x) for x in v]}
    if isinstance(v, dict):
        return {"t": "dict", "v": [[k, tr(x)] for k, x in v.items()]}
    raise TypeError(type(v))


def dump(path, data):
    # ASCII JSON (values may hold lone surrogates); mtime=0 so that re-running gives identical bytes.
    text = json.dumps({"versions": VERSIONS, **data}, separators=(",", ":"))
    with open(path, "wb") as raw, gzip.GzipFile(fileobj=raw, mode="wb", compresslevel=9, mtime=0) as f:
        f.write(text.encode("ascii"))


# ----------------------------------------------------------------------------------------------------------------
# json.loads(bytes)


def json_cases():
    rnd = random.Random(12345)

    def run(b):
        try:
            return {"kind": "ok", "value": tr(json.loads(b))}
        except json.JSONDecodeError as e:
            return {"kind": "json_invalid", "msg": e.msg, "pos": e.pos}
        except (ValueError, RecursionError):
            return {"kind": "undecodable"}

    toks = ['{', '}', '[', ']', ',', ':', '"', '\\', 'u', '0', '1', '9', 'a', 'd', 'D', 'e', 'E', '.', '-', '+', 'true',
            'false', 'null', 'NaN', 'Infinity', '-Infinity', 'tru', 'nul', ' ', '\t', '\n', '\r', '\x01', '\x1f', 'é', '😀',
            'd834', 'dd1e', '\\u', '\\ud834', '\\udd1e', '\\n', '\\x', '"a"', '"k":', '1.5', '1e5', '0.0', '-0', '00',
            '\u2028', '\ufeff', "'", 'x']
    docs = ['{"name": "abc", "tags": [1, 2.5, -0, 1e3, true, null], "n": {"a": []}}', '[1, 2, 3]',
            '"\\ud834\\udd1e x \\u00e9"', '{"a":1,"a":2,"b":3}', '  {"k" : [ ] }  ', '[NaN, Infinity, -Infinity]',
            '12345678901234567890123', '-0.0', '1E400', '[1.0, 100000.0, 1e16, 1.5e-05]']
    cases = []

    def add(s, enc='utf-8'):
        b = s.encode(enc, 'surrogatepass') if isinstance(s, str) else s
        cases.append({"b64": base64.b64encode(b).decode(), "expect": run(b)})

    for b in [b'\xef\xbb\xbf{"a": 1}', b'\xef\xbb\xbf', b'\xff', b'{"a": "\xed\xa0\x80"}', b'"\xc0\x80"', b'"\xe0\x80\x80"',
              b'"\xf4\x90\x80\x80"', b'1\x00', b'\x001', b'"a\x00\x00"']:
        add(b)
    for enc in ['utf-16', 'utf-16-le', 'utf-16-be', 'utf-32', 'utf-32-le', 'utf-32-be']:
        add('{"a": [1, "é😀"]}', enc)
    for _ in range(2500):
        add(''.join(rnd.choice(toks) for _ in range(rnd.randint(1, 10))))
    for _ in range(2500):
        d = list(rnd.choice(docs))
        for _ in range(rnd.randint(1, 3)):
            op, i = rnd.randint(0, 2), rnd.randint(0, len(d))
            if op == 0 and i < len(d):
                del d[i]
            elif op == 1:
                d.insert(i, rnd.choice(toks))
            elif i < len(d):
                d[i] = rnd.choice(toks)
        add(''.join(d))
    return {"cases": cases}


# ----------------------------------------------------------------------------------------------------------------
# UUID parsing (uuid crate bundled in pydantic-core)


def uuid_cases():
    ta = TypeAdapter(UUID)
    rnd = random.Random(3)
    base = "3fa85f64-5717-4562-b3fc-2c963f66afa6"
    alpha = "0123456789abcdefABCDEF-{}urn:idxzé😀 "
    out = []
    for _ in range(3000):
        if rnd.randint(0, 4) == 0:
            s = ''.join(rnd.choice(alpha) for _ in range(rnd.randint(0, 46)))
        else:
            chars = list(rnd.choice([base, base.replace('-', ''), '{' + base + '}', 'urn:uuid:' + base]))
            for _ in range(rnd.randint(0, 3)):
                op, i = rnd.randint(0, 2), rnd.randint(0, len(chars))
                if op == 0 and i < len(chars):
                    del chars[i]
                elif op == 1:
                    chars.insert(i, rnd.choice(alpha))
                elif i < len(chars):
                    chars[i] = rnd.choice(alpha)
            s = ''.join(chars)
        try:
            out.append({"s": s, "ok": str(ta.validate_python(s))})
        except ValidationError as e:
            out.append({"s": s, "err": e.errors()[0]["ctx"]["error"]})
    return {"cases": out}


# ----------------------------------------------------------------------------------------------------------------
# pydantic validation (lax Python mode, from_attributes=True, as FastAPI calls it)


class Step(BaseModel):
    title: str
    n: int = 0


class Create(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: Annotated[str, Field(min_length=1, max_length=5)]
    mode: Literal["research", "journey"]
    tags: Annotated[list[str], Field(min_length=2, max_length=3)]
    parent_id: Optional[UUID] = None
    count: Annotated[int, Field(ge=1, le=100)] = 20
    ratio: Annotated[float, Field(gt=0, le=1.5)] = 0.5
    flag: bool = False
    metadata: dict[str, Any] = {}
    steps: list[Step] = []
    desc: Optional[str]


class Artefact(BaseModel):
    name: Optional[str] = None
    text: Optional[str] = None
    url: Optional[str] = None

    @model_validator(mode="after")
    def one(self):
        if (self.text is None) == (self.url is None):
            raise ValueError("exactly one of text or url is required")
        return self


class Cat(BaseModel):
    kind: Literal["cat"]
    meows: int


class Dog(BaseModel):
    kind: Literal["dog"]
    barks: bool


class Loose(BaseModel):
    model_config = ConfigDict(extra="allow")
    a: int


class Extras(BaseModel):
    model_config = ConfigDict(extra="allow")
    __pydantic_extra__: dict[str, int]
    a: int = 0


class Node(BaseModel):
    model_config = ConfigDict(extra="forbid")
    id: UUID
    children: list[int] = []
    meta: Optional[dict[str, int]] = None


class Tree(BaseModel):
    name: str = "n"
    children: list["Tree"] = []


SCHEMAS = {
    "int": int, "int_ge_le": Annotated[int, Field(ge=1, le=100)], "int_gt_lt": Annotated[int, Field(gt=0, lt=10)],
    "int_mult": Annotated[int, Field(multiple_of=5)], "float": float, "float_gt": Annotated[float, Field(gt=0, le=1.5)],
    "float_mult": Annotated[float, Field(multiple_of=0.5)], "float_ge0": Annotated[float, Field(ge=0)], "bool": bool,
    "str": str, "str_len": Annotated[str, Field(min_length=2, max_length=4)],
    "str_pat": Annotated[str, Field(pattern=r'^a+$')],
    "str_strip": Annotated[str, StringConstraints(strip_whitespace=True, min_length=2)], "uuid": UUID, "uuid4": UUID4,
    "lit3": Literal["a", "b", "c"], "lit1": Literal["only"], "litmix": Literal[1, "x"], "lit_true": Literal[True],
    "lit_none_a": Literal[None, "a"], "list_int": Annotated[list[int], Field(min_length=2, max_length=3)],
    "list_any": Annotated[list[Any], Field(min_length=1, max_length=2)], "list_union": list[Union[int, str]],
    "list_uuid": list[UUID], "list_lit": Annotated[list[Literal["x", "y"]], Field(max_length=2)],
    "dict_any": dict[str, Any], "dict_int": dict[str, int], "dict_lit": dict[Literal["a", "b"], int],
    "opt_int": Optional[int], "union_int_str": Union[int, str], "union_str_int": Union[str, int],
    "union_bool_int": Union[bool, int], "union_list": Union[list[int], str],
    "union_int_liststr": Union[int, list[str]], "opt_union": Optional[Union[int, str]],
    "union_float_int": Union[float, int], "union_str_uuid": Union[str, UUID], "union_uuid_str": Union[UUID, str],
    "union_uuid_lit": Union[UUID, Literal["latest"]], "union_models": Union[Cat, Dog],
    "pet": Annotated[Union[Cat, Dog], Field(discriminator="kind")], "none": None, "create": Create,
    "artefact": Artefact, "step_list": list[Step], "loose": Loose, "extras": Extras, "node": Node, "tree": Tree,
}


def nest(n, leaf=None):
    d = {} if leaf is None else leaf
    for _ in range(n):
        d = {"children": [d]}
    return d


def pydantic_cases():
    U = "3fa85f64-5717-4562-b3fc-2c963f66afa6"
    U1 = "3fa85f64-5717-1562-b3fc-2c963f66afa6"
    pool = [
        None, True, False, 0, 1, 2, -1, 5, 7, 10, 100, 101, 10**20, 2**63, -2**63, 2**63 - 1, 1.0, 0.0, -0.0, 0.5, 1.5,
        1.50000000001, 20.0, 20.5, 1e20, 9.2e18, float("nan"), float("inf"), float("-inf"),
        "", " ", "0", "1", "2", "20", " 20 ", "+5", "-5", "1_000", "20.0", "20.5", "1e3", "abc", "true", "True", "YES",
        "off", "maybe", "t", "inf", "-Infinity", "nan", "1.5", ".5", "5.", "1_0.5", " 1.5 ", "é", "éééé😀", "ééééé😀",
        "aaaa", "aaaaa", "aa", "a", "ab", "b", "c", "x", "only", "research", "Research", "journey", "latest",
        U, U.upper(), U1, U.replace("-", ""), "{" + U + "}", "urn:uuid:" + U, "not-a-uuid", "123",
        [], [1], [1, 2], [1, 2, 3], [1, 2, 3, 4], ["a", "b"], ["a", "b", "c", "d"], [1, "x", None], ["1", "2"], [1.5, 2],
        {}, {"a": 1}, {"b": 2}, {"a": "1", "b": "x", "c": 3}, {"1": 1, "a": 2},
        {"name": "abc", "mode": "research", "tags": ["a", "b"], "desc": None},
        {"zzz": 1, "tags": [], "name": 5, "aaa": 2},
        {"name": "", "mode": "other", "tags": ["a", 1, None, "d"], "parent_id": "nope", "count": "0", "ratio": 0,
         "flag": "maybe", "metadata": [1], "steps": [{"title": 1}, "str", None, {"n": "x"}], "desc": 5, "extra": True},
        {"name": "abcdef", "mode": "journey", "tags": [1], "count": 20.5, "ratio": "nan", "desc": "d",
         "steps": [{"title": "t", "n": "7"}]},
        {"name": "ok", "mode": "journey", "tags": ["a", "b", "c"], "count": True, "ratio": 1.5, "flag": 1,
         "parent_id": U.upper(), "metadata": {"x": [1, {"y": None}]}, "desc": None, "steps": []},
        {"text": "t"}, {"url": "u", "text": "t"}, {"text": 5},
        {"kind": "cat", "meows": "3"}, {"kind": "dog", "barks": "maybe"}, {"kind": "cow"}, {"meows": 1}, {"kind": 1},
        {"a": 1, "z": 2, "y": [1]}, {"a": "x", "z": 2}, [{"title": "a"}, {"title": 2}, "x", {"n": 1}],
        {"id": U, "children": ["1", 2.0], "meta": {"k": "9"}}, {"id": 5, "children": "x", "meta": [], "q": 1},
        nest(3, {"name": 5}), nest(254), nest(255), nest(300, {"name": 1}), nest(2, "x"),
    ]
    rnd = random.Random(7)
    keys = ["a", "b", "kind", "meows", "barks", "title", "n", "id", "children", "meta", "x", "1", "name", "mode", "tags",
            "desc"]

    def rv(d=0):
        k = rnd.randint(0, 9 if d < 3 else 5)
        if k == 0:
            return None
        if k == 1:
            return rnd.choice([True, False])
        if k == 2:
            return rnd.choice([0, 1, -1, 3, 42, 10**19, 2**63, 7])
        if k == 3:
            return rnd.choice([0.0, 1.0, 0.5, -2.5, 1e16, 1.5e-5, 100000.0, float("nan"), float("inf")])
        if k in (4, 5):
            return rnd.choice(["", "a", "x", "cat", "dog", "1", "2.0", " 3 ", "yes", "no", "é😀", U, "kind", "title",
                               "id", "zz", "null", "True"])
        if k in (6, 7):
            return [rv(d + 1) for _ in range(rnd.randint(0, 4))]
        return {rnd.choice(keys): rv(d + 1) for _ in range(rnd.randint(0, 4))}

    pool += [rv() for _ in range(200)]

    def clean(x):
        if isinstance(x, float) and not math.isfinite(x):
            return None  # the mock writes non-finite floats as null (Python would answer 500)
        if isinstance(x, (list, tuple)):
            return [clean(i) for i in x]
        if isinstance(x, dict):
            return {k: clean(v) for k, v in x.items()}
        if isinstance(x, Exception):
            return {}  # jsonable_encoder(ValueError(...)) == {}
        return x

    def out_json(v):
        if isinstance(v, BaseModel):
            v = v.model_dump(mode="python")
        if v is None or isinstance(v, (bool, str)):
            return v
        if isinstance(v, UUID):
            return str(v)
        if isinstance(v, (int, float)):
            f = float(v)
            return {"num": "nan" if math.isnan(f) else "inf" if f == math.inf else "-inf" if f == -math.inf else repr(f)}
        if isinstance(v, list):
            return [out_json(x) for x in v]
        if isinstance(v, dict):
            return {k: out_json(x) for k, x in v.items()}
        raise TypeError(type(v))

    results = {}
    for name, tp in SCHEMAS.items():
        ta = TypeAdapter(tp)
        rows = []
        for i, v in enumerate(pool):
            try:
                rows.append([i, {"ok": True, "out": out_json(ta.validate_python(v, from_attributes=True))}])
            except ValidationError as e:
                items = []
                for er in e.errors(include_url=False):
                    d = {"type": er["type"], "loc": list(er["loc"]), "msg": er["msg"], "input": er["input"]}
                    if "ctx" in er:
                        d["ctx"] = er["ctx"]
                    items.append(clean(d))
                body = json.dumps({"detail": items}, ensure_ascii=False, allow_nan=False, separators=(",", ":"))
                rows.append([i, {"ok": False, "body": body}])
        results[name] = rows
    return {"inputs": [tr(v) for v in pool], "results": results}


if __name__ == "__main__":
    dump("cpython-json.json.gz", json_cases())
    dump("uuid.json.gz", uuid_cases())
    dump("pydantic.json.gz", pydantic_cases())
    print("recorded with", VERSIONS)

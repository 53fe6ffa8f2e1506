"""Callers come from the `authorization` header; there is no registration step.

Token format (whole header value):   BSS org=<organisation>; user=<user>
  * the scheme word `BSS` is case-insensitive; pairs are separated by `;`, spaces around them are ignored;
  * `org` and `user` are required, any other keys are ignored; values are 1-128 characters without `;` or spaces.
A caller is the pair (org, user): any new pair is a new caller, and callers sharing `org` share an organisation.
A missing header or one that does not parse gets 401.
"""
import re
from dataclasses import dataclass
from typing import Optional

from fastapi import Header

from .errors import ApiError

_VALUE = re.compile(r"^[^;\s]{1,128}$")


@dataclass(frozen=True)
class Caller:
    org: str
    user: str

    @property
    def key(self) -> str:
        return f"{self.org}\x1f{self.user}"


def parse_token(value: Optional[str]) -> Optional[Caller]:
    if not value:
        return None
    text = value.strip()
    scheme, _, rest = text.partition(" ")
    if scheme.lower() != "bss" or not rest.strip():
        return None
    pairs = {}
    for part in rest.split(";"):
        part = part.strip()
        if not part:
            continue
        key, eq, val = part.partition("=")
        if not eq:
            return None
        pairs[key.strip().lower()] = val.strip()
    org, user = pairs.get("org", ""), pairs.get("user", "")
    if not _VALUE.match(org) or not _VALUE.match(user):
        return None
    return Caller(org=org, user=user)


def current_caller(
    authorization: Optional[str] = Header(
        None, description="Caller credential: `BSS org=<organisation>; user=<user>`. Missing or unparseable: 401."
    ),
) -> Caller:
    caller = parse_token(authorization)
    if caller is None:
        raise ApiError(
            401,
            "unauthenticated" if not authorization else "credential_not_understood",
            "Send `authorization: BSS org=<organisation>; user=<user>`.",
        )
    return caller

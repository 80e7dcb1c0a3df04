#!/usr/bin/env python3
"""Checks messages a language server sent against the LSP 3.17 schema, as the
`lsprotocol` package (the types VS Code's and pygls' clients are generated from)
defines it.

Reads JSON on standard input: {"messages": [{"method": M, "message": {...}}, ...]},
where M is the method of the request a response answers, or of a notification. Each
message is structured into its lsprotocol type and unstructured again; it passes when
that succeeds and gives back the same JSON (so no field has a wrong type, a wrong name
or a value outside its enumeration). Prints {"failures": [{"index", "method", "error"}]}.
"""
import json
import sys

from lsprotocol import converters, types

CONVERTER = converters.get_converter()


def normalized(value):
    return json.loads(json.dumps(value, sort_keys=True))


def check(method, message):
    if "error" in message:
        cls = types.ResponseErrorMessage
    else:
        request, response, _, _ = types.METHOD_TO_TYPES[method]
        cls = response if ("id" in message and "method" not in message) else request
    structured = CONVERTER.structure(message, cls)
    back = CONVERTER.unstructure(structured, cls)
    if normalized(back) != normalized(message):
        return "changed by a round trip through %s: %s -> %s" % (
            cls.__name__,
            json.dumps(message, sort_keys=True)[:400],
            json.dumps(back, sort_keys=True)[:400],
        )
    return None


def main():
    request = json.load(sys.stdin)
    failures = []
    for index, entry in enumerate(request["messages"]):
        try:
            error = check(entry["method"], entry["message"])
        except Exception as exception:  # noqa: BLE001 - report every kind of failure
            error = "%s: %s" % (type(exception).__name__, str(exception)[:600])
        if error:
            failures.append({"index": index, "method": entry["method"], "error": error})
    json.dump({"failures": failures}, sys.stdout)


if __name__ == "__main__":
    main()

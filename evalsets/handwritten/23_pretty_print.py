def pretty(value, indent=0):
    pad = "  " * indent
    if isinstance(value, dict):
        if not value:
            return "{}"
        lines = ["{"]
        for i, (k, v) in enumerate(value.items()):
            comma = "," if i < len(value) - 1 else ""
            lines.append(f'{pad}  "{k}": {pretty(v, indent + 1)}{comma}')
        lines.append(pad + "}")
        return "\n".join(lines)
    if isinstance(value, list):
        if all(not isinstance(v, (dict, list)) for v in value):
            return "[" + ", ".join(pretty(v) for v in value) + "]"
        inner = [pad + "  " + pretty(v, indent + 1) for v in value]
        return "[\n" + ",\n".join(inner) + "\n" + pad + "]"
    if isinstance(value, str):
        return '"' + value.replace('"', '\\"') + '"'
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


config = {"name": "demo", "debug": False, "ports": [80, 443],
          "users": [{"id": 1, "tags": []}, {"id": 2, "nick": None}], "meta": {}}
print(pretty(config))

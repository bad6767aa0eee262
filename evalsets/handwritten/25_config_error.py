# expect: error
# Reads settings from an embedded config; the last lookup has a typo and fails.

RAW = """
host = example.org
port = 8080
retries = 3
"""


def parse_config(text):
    settings = {}
    for line in text.strip().splitlines():
        key, _, value = line.partition("=")
        value = value.strip()
        settings[key.strip()] = int(value) if value.isdigit() else value
    return settings


def connection_string(settings):
    return f"{settings['host']}:{settings['port']} (timeout {settings['timeout']})"


settings = parse_config(RAW)
print(settings)
print("retries:", settings["retries"])
print(connection_string(settings))

from itertools import groupby

LOG = """\
2024-03-01 10:00:01 INFO  server started
2024-03-01 10:00:05 WARN  disk 81% full
2024-03-01 10:01:17 ERROR db timeout after 30s
2024-03-01 10:01:18 INFO  retrying db
2024-03-02 09:12:44 ERROR db timeout after 30s
2024-03-02 09:13:00 INFO  shutdown
"""


def parse(line):
    date, time, level, message = line.split(maxsplit=3)
    return {"date": date, "time": time, "level": level, "msg": message}


def errors_per_day(entries):
    result = {}
    for date, group in groupby(entries, key=lambda e: e["date"]):
        result[date] = sum(1 for e in group if e["level"] == "ERROR")
    return result


entries = [parse(l) for l in LOG.splitlines()]
print(errors_per_day(entries))
print(sorted({e["msg"] for e in entries if e["level"] != "INFO"}))
print(max(entries, key=lambda e: len(e["msg"]))["msg"])

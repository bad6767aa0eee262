from collections import defaultdict

employees = [
    ("Ana", "engineering", 5200),
    ("Ben", "sales", 3100),
    ("Cleo", "engineering", 6100),
    ("Dev", "support", 2800),
    ("Eli", "sales", 3900),
]


def group_by_dept(rows):
    groups = defaultdict(list)
    for name, dept, salary in rows:
        groups[dept].append((name, salary))
    return dict(groups)


def summarize(groups):
    summary = {}
    for dept, people in sorted(groups.items()):
        total = sum(s for _, s in people)
        summary[dept] = {"count": len(people), "avg": total / len(people)}
    return summary


groups = group_by_dept(employees)
for dept, stats in summarize(groups).items():
    print(f"{dept:<12}{stats['count']:>3}{stats['avg']:>10.1f}")

# expect: error
# Average class sizes per teacher; one teacher has no classes yet.

classes = {
    "kim": [24, 28, 22],
    "lopez": [30, 31],
    "nakamura": [],
}


def mean(values):
    return sum(values) / len(values)


def report(data):
    for teacher in sorted(data):
        sizes = data[teacher]
        print(f"{teacher}: {len(sizes)} classes, mean size {mean(sizes):.1f}")


report(classes)

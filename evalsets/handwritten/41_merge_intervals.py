def merge_intervals(intervals):
    merged = []
    for start, end in sorted(intervals):
        if merged and start <= merged[-1][1]:
            merged[-1][1] = max(merged[-1][1], end)
        else:
            merged.append([start, end])
    return merged


def total_covered(intervals):
    return sum(end - start for start, end in merge_intervals(intervals))


meetings = [(9, 10), (13, 15), (9, 11), (14, 16), (17, 18)]
print(merge_intervals(meetings))
print("busy hours:", total_covered(meetings))
print(merge_intervals([]))

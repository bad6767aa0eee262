from collections import deque

# Simulate a single checkout lane; customers arrive at fixed times.
arrivals = [(0, 3), (1, 2), (2, 4), (8, 1), (9, 2)]   # (arrival time, service time)


def simulate(arrivals):
    queue = deque(arrivals)
    clock = 0
    waits = []
    while queue:
        arrive, service = queue.popleft()
        if clock < arrive:
            clock = arrive          # lane was idle
        waits.append(clock - arrive)
        clock += service
    return waits, clock


waits, finished = simulate(arrivals)
print("waits:", waits)
print("average wait:", sum(waits) / len(waits))
print("lane closes at", finished)

import heapq


def schedule(tasks):
    """tasks: (priority, name) pairs; lower number runs first."""
    heap = []
    for order, (prio, name) in enumerate(tasks):
        heapq.heappush(heap, (prio, order, name))
    done = []
    while heap:
        prio, _, name = heapq.heappop(heap)
        done.append(f"{name}(p{prio})")
    return done


def k_smallest(nums, k):
    return heapq.nsmallest(k, nums)


print(schedule([(3, "email"), (1, "deploy"), (2, "review"), (1, "hotfix")]))
print(k_smallest([9, 4, 7, 1, 8, 2], 3))

def insertion_sort(arr):
    """Sort arr in place and return the number of shifts made."""
    shifts = 0
    for i in range(1, len(arr)):
        key = arr[i]
        j = i - 1
        while j >= 0 and arr[j] > key:
            arr[j + 1] = arr[j]
            j -= 1
            shifts += 1
        arr[j + 1] = key
    return shifts


data = [5, 2, 9, 1, 5, 6]
n = insertion_sort(data)
print(data, "shifts:", n)

already = [1, 2, 3, 4]
print(insertion_sort(already), already)

def hanoi(n, source, target, spare, moves):
    if n == 0:
        return
    hanoi(n - 1, source, spare, target, moves)
    moves.append((n, source, target))
    hanoi(n - 1, spare, target, source, moves)


def solve(n):
    moves = []
    hanoi(n, "A", "C", "B", moves)
    return moves


for disk, a, b in solve(3):
    print(f"move disk {disk} from {a} to {b}")
print(len(solve(5)), "moves for 5 disks")

# Benchmark program: a 300,000-iteration loop; bench/run.js sets a breakpoint
# in never_called() (so the debugger keeps tracing) and continues through it.
def never_called():
    return "unreachable"  # breakpoint here: never hit


total = 0
for i in range(300_000):
    total += i % 7
print(total)

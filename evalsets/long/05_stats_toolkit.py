"""Pure-Python matrix and statistics helpers, with a small analysis at the end.

Matrices are lists of row lists.  Nothing here is meant to be fast; it is the
kind of module you write when numpy is not available on the box.
"""

import math


# ---------------------------------------------------------------------------
# Basic matrix operations
# ---------------------------------------------------------------------------

def shape(m):
    return len(m), len(m[0]) if m else 0


def zeros(rows, cols):
    return [[0.0] * cols for _ in range(rows)]


def identity(n):
    m = zeros(n, n)
    for i in range(n):
        m[i][i] = 1.0
    return m


def transpose(m):
    rows, cols = shape(m)
    return [[m[r][c] for r in range(rows)] for c in range(cols)]


def add(a, b):
    if shape(a) != shape(b):
        raise ValueError(f"cannot add {shape(a)} and {shape(b)}")
    return [[x + y for x, y in zip(ra, rb)] for ra, rb in zip(a, b)]


def scale(m, k):
    return [[k * x for x in row] for row in m]


def matmul(a, b):
    ra, ca = shape(a)
    rb, cb = shape(b)
    if ca != rb:
        raise ValueError(f"cannot multiply {ra}x{ca} by {rb}x{cb}")
    out = zeros(ra, cb)
    for i in range(ra):
        for j in range(cb):
            total = 0.0
            for k in range(ca):
                total += a[i][k] * b[k][j]
            out[i][j] = total
    return out


def mat_vec(m, v):
    return [sum(x * y for x, y in zip(row, v)) for row in m]


def determinant(m):
    n = len(m)
    if n == 1:
        return m[0][0]
    if n == 2:
        return m[0][0] * m[1][1] - m[0][1] * m[1][0]
    total = 0
    for col in range(n):
        minor = [row[:col] + row[col + 1:] for row in m[1:]]
        sign = -1 if col % 2 else 1
        total += sign * m[0][col] * determinant(minor)
    return total


def inverse(m):
    """Gauss-Jordan elimination with partial pivoting."""
    n = len(m)
    aug = [list(map(float, row)) + ident for row, ident in zip(m, identity(n))]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(aug[r][col]))
        if abs(aug[pivot][col]) < 1e-12:
            raise ValueError("matrix is singular")
        aug[col], aug[pivot] = aug[pivot], aug[col]
        p = aug[col][col]
        aug[col] = [x / p for x in aug[col]]
        for r in range(n):
            if r != col:
                factor = aug[r][col]
                aug[r] = [x - factor * y for x, y in zip(aug[r], aug[col])]
    return [row[n:] for row in aug]


def solve(a, b):
    return mat_vec(inverse(a), b)


def rounded(m, digits=3):
    if m and isinstance(m[0], list):
        return [[round(x, digits) + 0.0 for x in row] for row in m]
    return [round(x, digits) + 0.0 for x in m]


def format_matrix(m, digits=2):
    cells = [[f"{x:.{digits}f}" for x in row] for row in m]
    width = max(len(c) for row in cells for c in row)
    return "\n".join("[ " + "  ".join(c.rjust(width) for c in row) + " ]" for row in cells)


# ---------------------------------------------------------------------------
# Descriptive statistics
# ---------------------------------------------------------------------------

def mean(xs):
    if not xs:
        raise ValueError("mean of empty data")
    return sum(xs) / len(xs)


def median(xs):
    s = sorted(xs)
    n = len(s)
    mid = n // 2
    return s[mid] if n % 2 else (s[mid - 1] + s[mid]) / 2


def mode(xs):
    counts = {}
    for x in xs:
        counts[x] = counts.get(x, 0) + 1
    best = max(counts.values())
    return sorted(x for x, c in counts.items() if c == best)


def variance(xs, sample=True):
    m = mean(xs)
    ss = sum((x - m) ** 2 for x in xs)
    return ss / (len(xs) - 1 if sample else len(xs))


def stdev(xs, sample=True):
    return math.sqrt(variance(xs, sample))


def percentile(xs, p):
    """Linear interpolation between closest ranks (like numpy's default)."""
    s = sorted(xs)
    k = (len(s) - 1) * p / 100
    lo = math.floor(k)
    hi = math.ceil(k)
    if lo == hi:
        return s[int(k)]
    return s[lo] + (s[hi] - s[lo]) * (k - lo)


def zscores(xs):
    m, sd = mean(xs), stdev(xs)
    return [(x - m) / sd for x in xs]


def covariance(xs, ys):
    mx, my = mean(xs), mean(ys)
    return sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / (len(xs) - 1)


def correlation(xs, ys):
    return covariance(xs, ys) / (stdev(xs) * stdev(ys))


def summary(xs):
    return {
        "n": len(xs),
        "mean": round(mean(xs), 3),
        "median": median(xs),
        "stdev": round(stdev(xs), 3),
        "min": min(xs),
        "q1": percentile(xs, 25),
        "q3": percentile(xs, 75),
        "max": max(xs),
    }


def ranks(xs):
    """Average ranks (1-based), ties share the mean of their positions."""
    order = sorted(range(len(xs)), key=lambda i: xs[i])
    result = [0.0] * len(xs)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and xs[order[j + 1]] == xs[order[i]]:
            j += 1
        avg = (i + j) / 2 + 1
        for k in range(i, j + 1):
            result[order[k]] = avg
        i = j + 1
    return result


def spearman(xs, ys):
    return correlation(ranks(xs), ranks(ys))


def min_max_normalize(xs):
    lo, hi = min(xs), max(xs)
    return [(x - lo) / (hi - lo) for x in xs]


def median_abs_deviation(xs):
    m = median(xs)
    return median([abs(x - m) for x in xs])


# ---------------------------------------------------------------------------
# Regression
# ---------------------------------------------------------------------------

def linear_fit(xs, ys):
    """Least squares line y = a + b x."""
    b = covariance(xs, ys) / variance(xs)
    a = mean(ys) - b * mean(xs)
    return a, b


def r_squared(xs, ys, a, b):
    predicted = [a + b * x for x in xs]
    ss_res = sum((y - p) ** 2 for y, p in zip(ys, predicted))
    my = mean(ys)
    ss_tot = sum((y - my) ** 2 for y in ys)
    return 1 - ss_res / ss_tot


def multiple_regression(rows, ys):
    """Normal equations: beta = (X^T X)^-1 X^T y, with an intercept column."""
    x = [[1.0] + list(r) for r in rows]
    xt = transpose(x)
    xtx = matmul(xt, x)
    xty = mat_vec(xt, ys)
    return solve(xtx, xty)


def outliers(xs, k=1.5):
    q1, q3 = percentile(xs, 25), percentile(xs, 75)
    iqr = q3 - q1
    lo, hi = q1 - k * iqr, q3 + k * iqr
    return [x for x in xs if x < lo or x > hi]


def histogram(xs, bins):
    lo, hi = min(xs), max(xs)
    width = (hi - lo) / bins
    counts = [0] * bins
    for x in xs:
        i = min(int((x - lo) / width), bins - 1)
        counts[i] += 1
    return [(round(lo + i * width, 1), c) for i, c in enumerate(counts)]


def moving_average(xs, window):
    out = []
    total = sum(xs[:window])
    out.append(total / window)
    for i in range(window, len(xs)):
        total += xs[i] - xs[i - window]
        out.append(total / window)
    return out


# ---------------------------------------------------------------------------
# Analysis of a small data set: study hours, sleep hours and exam scores
# ---------------------------------------------------------------------------

STUDY = [2.0, 3.5, 1.0, 4.0, 5.5, 3.0, 6.0, 2.5, 4.5, 7.0]
SLEEP = [7.0, 6.5, 8.0, 6.0, 7.5, 5.0, 8.0, 7.0, 6.0, 7.5]
SCORE = [61, 70, 52, 74, 85, 63, 90, 66, 78, 96]


def report_matrices():
    a = [[4, -2, 1], [3, 6, -4], [2, 1, 8]]
    print("det(A) =", determinant(a))
    inv = inverse(a)
    print(format_matrix(inv, 4))
    print(rounded(matmul(a, inv)))
    print("solution:", rounded(solve(a, [12, -25, 32])))
    try:
        inverse([[1, 2], [2, 4]])
    except ValueError as e:
        print("inverse failed:", e)
    print(format_matrix(add(identity(2), scale([[1, 2], [3, 4]], 0.5))))


def report_stats():
    print(summary(SCORE))
    print("mode of sleep:", mode(SLEEP))
    print("z of first three:", rounded(zscores(SCORE)[:3], 2))
    print("corr(study, score) =", round(correlation(STUDY, SCORE), 4))
    print("corr(sleep, score) =", round(correlation(SLEEP, SCORE), 4))
    print("sleep ranks:", ranks(SLEEP))
    print("spearman(sleep, score) =", round(spearman(SLEEP, SCORE), 4))
    print("normalized study:", rounded(min_max_normalize(STUDY), 2))
    print("MAD of scores:", median_abs_deviation(SCORE))
    print("histogram:", histogram(SCORE, 4))
    print("3-pt moving avg:", rounded(moving_average(SCORE, 3), 1))
    print("outliers:", outliers(SCORE + [10, 160]))


def report_regression():
    a, b = linear_fit(STUDY, SCORE)
    print(f"score = {a:.2f} + {b:.2f} * study   (R^2 = {r_squared(STUDY, SCORE, a, b):.3f})")
    beta = multiple_regression(list(zip(STUDY, SLEEP)), SCORE)
    print("multiple regression coefficients:", rounded(beta))
    for hours, sleep in [(3, 7), (6, 5)]:
        pred = beta[0] + beta[1] * hours + beta[2] * sleep
        print(f"  predicted score for {hours}h study, {sleep}h sleep: {pred:.1f}")


report_matrices()
report_stats()
report_regression()

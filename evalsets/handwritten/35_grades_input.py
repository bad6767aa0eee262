def letter_grade(score):
    if score >= 90:
        return "A"
    elif score >= 80:
        return "B"
    elif score >= 70:
        return "C"
    elif score >= 60:
        return "D"
    return "F"


def read_students(count):
    students = []
    for _ in range(count):
        name, *marks = input().split()
        students.append((name, [int(m) for m in marks]))
    return students


n = int(input())
students = read_students(n)
for name, marks in students:
    avg = sum(marks) / len(marks)
    print(f"{name:<8} {avg:6.2f} {letter_grade(avg)}")
best = max(students, key=lambda s: sum(s[1]) / len(s[1]))
print("top student:", best[0])

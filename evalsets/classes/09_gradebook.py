class Student:
    def __init__(self, name):
        self.name = name
        self.grades = {}

    def record(self, subject, grade):
        self.grades.setdefault(subject, []).append(grade)

    def average(self):
        all_grades = [g for gs in self.grades.values() for g in gs]
        if not all_grades:
            return 0.0
        return sum(all_grades) / len(all_grades)


class Gradebook:
    def __init__(self):
        self.students = {}

    def student(self, name):
        if name not in self.students:
            self.students[name] = Student(name)
        return self.students[name]

    def ranking(self):
        return sorted(self.students, key=lambda n: -self.students[n].average())


book = Gradebook()
book.student("ada").record("math", 90)
book.student("ada").record("art", 70)
book.student("ben").record("math", 85)
print(book.ranking())
print(book.student("ada").average())

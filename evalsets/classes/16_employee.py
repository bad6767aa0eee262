class Employee:
    raise_rate = 1.05

    def __init__(self, name, salary):
        self.name = name
        self.salary = salary

    def give_raise(self):
        self.salary = round(self.salary * self.raise_rate)


class Manager(Employee):
    raise_rate = 1.10

    def __init__(self, name, salary, reports=None):
        super().__init__(name, salary)
        self.reports = reports or []

    def team_cost(self):
        return self.salary + sum(e.salary for e in self.reports)


devs = [Employee("ivy", 5000), Employee("joe", 4200)]
boss = Manager("kim", 7000, devs)
for person in devs + [boss]:
    person.give_raise()
print([e.salary for e in devs], boss.salary)
print(boss.team_cost())

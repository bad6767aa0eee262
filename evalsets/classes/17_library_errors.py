class Library:
    def __init__(self, titles):
        self.available = list(titles)
        self.loans = {}

    def lend(self, title, person):
        if title not in self.available:
            raise KeyError(title)
        self.available.remove(title)
        self.loans[title] = person

    def give_back(self, title):
        person = self.loans.pop(title)
        self.available.append(title)
        return person


lib = Library(["dune", "emma"])
lib.lend("dune", "sam")
try:
    lib.lend("dune", "tia")
except KeyError as e:
    print("not available:", e)
who = lib.give_back("dune")
print(who, sorted(lib.available), lib.loans)

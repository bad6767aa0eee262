from dataclasses import dataclass, field


@dataclass
class Book:
    title: str
    author: str
    year: int
    tags: list = field(default_factory=list)

    def age(self, current_year):
        return current_year - self.year


@dataclass(order=True)
class Version:
    major: int
    minor: int = 0
    patch: int = 0


b = Book("Dune", "Herbert", 1965, ["scifi"])
b.tags.append("classic")
print(b)
print(b.age(2020))
versions = [Version(1, 2), Version(1, 0, 5), Version(0, 9)]
print(sorted(versions))
print(max(versions) == Version(1, 2, 0))

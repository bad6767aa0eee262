class InsufficientFunds(Exception):
    pass


class BankAccount:
    """A very small account that keeps a history of transactions."""

    def __init__(self, owner, balance=0):
        self.owner = owner
        self.balance = balance
        self.history = []

    def deposit(self, amount):
        if amount <= 0:
            raise ValueError("deposit must be positive")
        self.balance += amount
        self.history.append(("deposit", amount))
        return self.balance

    def withdraw(self, amount):
        if amount > self.balance:
            raise InsufficientFunds(f"{self.owner} has only {self.balance}")
        self.balance -= amount
        self.history.append(("withdraw", amount))
        return self.balance

    def __repr__(self):
        return f"<BankAccount {self.owner}: {self.balance}>"


acct = BankAccount("alice", 100)
print(acct.deposit(50))
print(acct.withdraw(30))
try:
    acct.withdraw(500)
except InsufficientFunds as exc:
    print("refused:", exc)
try:
    acct.deposit(-5)
except ValueError as exc:
    print("refused:", exc)
print(acct, acct.history)

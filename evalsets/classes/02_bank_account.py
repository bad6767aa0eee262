class InsufficientFunds(Exception):
    pass


class Account:
    def __init__(self, name, balance=0):
        self.name = name
        self.balance = balance
        self.history = []

    def deposit(self, amount):
        self.balance += amount
        self.history.append(("deposit", amount))

    def withdraw(self, amount):
        if amount > self.balance:
            raise InsufficientFunds(f"{self.name} has only {self.balance}")
        self.balance -= amount
        self.history.append(("withdraw", amount))


acct = Account("bo", 50)
acct.deposit(25)
try:
    acct.withdraw(100)
except InsufficientFunds as err:
    print("refused:", err)
acct.withdraw(30)
print(acct.balance, len(acct.history))

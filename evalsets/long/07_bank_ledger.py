"""A double-entry ledger for a tiny bank, with monthly reports.

Amounts are kept in integer cents to avoid float surprises.  Each transfer
posts a debit and a credit; the ledger must always balance.  At the end the
script replays a fixed month of activity and prints statements.
"""


def cents(amount_str):
    """'12.34' -> 1234, '-5' -> -500"""
    sign = -1 if amount_str.startswith("-") else 1
    amount_str = amount_str.lstrip("-")
    if "." in amount_str:
        whole, frac = amount_str.split(".")
        frac = (frac + "00")[:2]
    else:
        whole, frac = amount_str, "00"
    return sign * (int(whole) * 100 + int(frac))


def fmt(c):
    sign = "-" if c < 0 else ""
    c = abs(c)
    whole = f"{c // 100:,}"
    return f"{sign}{whole}.{c % 100:02d}"


class LedgerError(Exception):
    pass


class Account:
    KINDS = ("asset", "liability", "income", "expense", "equity")

    def __init__(self, number, name, kind, overdraft=0):
        if kind not in self.KINDS:
            raise LedgerError(f"bad account kind {kind}")
        self.number = number
        self.name = name
        self.kind = kind
        self.overdraft = overdraft
        self.balance = 0
        self.frozen = False

    def normal_sign(self):
        # assets and expenses grow with debits; the rest with credits
        return 1 if self.kind in ("asset", "expense") else -1

    def __repr__(self):
        return f"Account({self.number}, {self.name!r}, {fmt(self.balance)})"


class Entry:
    def __init__(self, seq, day, account, amount, memo):
        self.seq = seq
        self.day = day
        self.account = account
        self.amount = amount  # positive = debit, negative = credit
        self.memo = memo

    def __repr__(self):
        return f"Entry({self.seq}, day {self.day}, {self.account}, {self.amount})"


class Ledger:
    def __init__(self):
        self.accounts = {}
        self.entries = []
        self.seq = 0
        self.rejected = []

    def open(self, number, name, kind, overdraft=0):
        if number in self.accounts:
            raise LedgerError(f"account {number} exists")
        acct = Account(number, name, kind, overdraft)
        self.accounts[number] = acct
        return acct

    def account(self, number):
        try:
            return self.accounts[number]
        except KeyError:
            raise LedgerError(f"no account {number}") from None

    def post(self, day, lines, memo):
        """lines: list of (account number, amount in cents); must sum to zero."""
        if sum(amount for _, amount in lines) != 0:
            raise LedgerError(f"unbalanced posting: {memo}")
        for number, amount in lines:
            acct = self.account(number)
            if acct.frozen:
                raise LedgerError(f"account {number} is frozen")
            if acct.kind == "asset" and acct.balance + amount < -acct.overdraft:
                raise LedgerError(f"account {number} would exceed its overdraft")
        self.seq += 1
        for number, amount in lines:
            self.accounts[number].balance += amount
            self.entries.append(Entry(self.seq, day, number, amount, memo))
        return self.seq

    def transfer(self, day, src, dst, amount, memo):
        try:
            return self.post(day, [(dst, amount), (src, -amount)], memo)
        except LedgerError as exc:
            self.rejected.append((day, memo, str(exc)))
            return None

    def trial_balance(self):
        debits = sum(e.amount for e in self.entries if e.amount > 0)
        credits = -sum(e.amount for e in self.entries if e.amount < 0)
        return debits, credits

    def entries_for(self, number, first_day=1, last_day=31):
        return [e for e in self.entries if e.account == number and first_day <= e.day <= last_day]

    def balance_on(self, number, day):
        return sum(e.amount for e in self.entries if e.account == number and e.day <= day)

    def __repr__(self):
        return f"Ledger({len(self.accounts)} accounts, {self.seq} postings)"


# ---------------------------------------------------------------------------
# Bank operations built on the ledger
# ---------------------------------------------------------------------------

CASH = 1000
INTEREST_EXPENSE = 5000
FEE_INCOME = 4000
EQUITY = 3000


def setup_bank():
    ledger = Ledger()
    ledger.open(CASH, "Vault cash", "asset")
    ledger.open(EQUITY, "Owner capital", "equity")
    ledger.open(FEE_INCOME, "Fee income", "income")
    ledger.open(INTEREST_EXPENSE, "Interest paid", "expense")
    ledger.post(1, [(CASH, cents("50000")), (EQUITY, -cents("50000"))], "initial capital")
    return ledger


def open_customer(ledger, number, name, overdraft="0"):
    # customer deposits are liabilities of the bank
    return ledger.open(number, name, "liability", cents(overdraft))


def deposit(ledger, day, number, amount):
    return ledger.transfer(day, number, CASH, cents(amount), f"deposit to {number}")


def withdraw(ledger, day, number, amount):
    acct = ledger.account(number)
    c = cents(amount)
    available = -acct.balance + acct.overdraft
    if c > available:
        ledger.rejected.append((day, f"withdraw from {number}", "insufficient funds"))
        return None
    return ledger.transfer(day, CASH, number, c, f"withdraw from {number}")


def pay(ledger, day, src, dst, amount):
    acct = ledger.account(src)
    c = cents(amount)
    if c > -acct.balance + acct.overdraft:
        ledger.rejected.append((day, f"payment {src}->{dst}", "insufficient funds"))
        return None
    return ledger.transfer(day, dst, src, c, f"payment {src}->{dst}")


def charge_fees(ledger, day, fee="2.50"):
    charged = []
    for number, acct in sorted(ledger.accounts.items()):
        if acct.kind == "liability" and -acct.balance < cents("100"):
            ledger.transfer(day, FEE_INCOME, number, cents(fee), f"low balance fee {number}")
            charged.append(number)
    return charged


def pay_interest(ledger, day, rate_per_mille=5):
    """Interest on positive customer balances, in whole cents, rounding down."""
    paid = {}
    for number, acct in sorted(ledger.accounts.items()):
        if acct.kind != "liability":
            continue
        held = -acct.balance
        if held <= 0:
            continue
        interest = held * rate_per_mille // 1000
        if interest:
            ledger.post(day, [(INTEREST_EXPENSE, interest), (number, -interest)], f"interest {number}")
            paid[number] = interest
    return paid


# ---------------------------------------------------------------------------
# Reports
# ---------------------------------------------------------------------------

def statement(ledger, number, first_day, last_day):
    acct = ledger.account(number)
    sign = acct.normal_sign()
    opening = ledger.balance_on(number, first_day - 1) * sign
    lines = [f"Statement for {acct.name} (#{number}), days {first_day}-{last_day}",
             f"  {'opening balance':<34}{fmt(opening):>12}"]
    running = opening
    for e in ledger.entries_for(number, first_day, last_day):
        change = e.amount * sign
        running += change
        lines.append(f"  day {e.day:>2}  {e.memo:<26}{fmt(change):>12}{fmt(running):>12}")
    lines.append(f"  {'closing balance':<34}{fmt(running):>12}")
    return "\n".join(lines)


def balance_sheet(ledger):
    groups = {}
    for acct in ledger.accounts.values():
        groups.setdefault(acct.kind, []).append(acct)
    lines = []
    for kind in Account.KINDS:
        accts = sorted(groups.get(kind, []), key=lambda a: a.number)
        if not accts:
            continue
        total = sum(a.balance * a.normal_sign() for a in accts)
        lines.append(f"{kind.upper():<12}{fmt(total):>14}")
        for a in accts:
            lines.append(f"  {a.number:<6}{a.name:<18}{fmt(a.balance * a.normal_sign()):>12}")
    return "\n".join(lines)


def net_income(ledger):
    income = sum(-a.balance for a in ledger.accounts.values() if a.kind == "income")
    expense = sum(a.balance for a in ledger.accounts.values() if a.kind == "expense")
    return income - expense


def customer_summary(ledger):
    """Per customer: money in, money out, number of entries, closing balance."""
    rows = []
    for number, acct in sorted(ledger.accounts.items()):
        if acct.kind != "liability":
            continue
        money_in = money_out = count = 0
        for e in ledger.entries_for(number):
            count += 1
            if e.amount < 0:
                money_in += -e.amount
            else:
                money_out += e.amount
        rows.append((number, acct.name, fmt(money_in), fmt(money_out), count, fmt(-acct.balance)))
    header = f"{'acct':<6}{'name':<14}{'in':>10}{'out':>10}{'n':>4}{'balance':>11}"
    lines = [header, "-" * len(header)]
    for number, name, i, o, n, bal in rows:
        lines.append(f"{number:<6}{name:<14}{i:>10}{o:>10}{n:>4}{bal:>11}")
    return "\n".join(lines)


def largest_movements(ledger, n=3):
    customer_entries = [e for e in ledger.entries
                        if ledger.accounts[e.account].kind == "liability"]
    ranked = sorted(customer_entries, key=lambda e: (-abs(e.amount), e.seq))
    return [(e.day, e.account, fmt(-e.amount), e.memo) for e in ranked[:n]]


# ---------------------------------------------------------------------------
# A month of activity
# ---------------------------------------------------------------------------

bank = setup_bank()
open_customer(bank, 2001, "Rosa Diaz")
open_customer(bank, 2002, "Omar Haddad", overdraft="200")
open_customer(bank, 2003, "Li Wei")

ACTIVITY = [
    (2, "deposit", 2001, None, "1500.00"),
    (2, "deposit", 2002, None, "320.50"),
    (3, "deposit", 2003, None, "75"),
    (5, "withdraw", 2001, None, "200"),
    (8, "pay", 2001, 2003, "125.25"),
    (11, "withdraw", 2002, None, "450"),
    (12, "withdraw", 2002, None, "100"),
    (15, "pay", 2003, 2002, "500"),
    (18, "deposit", 2003, None, "9.99"),
    (22, "pay", 2002, 2001, "40"),
    (25, "withdraw", 2003, None, "60.24"),
]

for day, kind, acct, other, amount in ACTIVITY:
    if kind == "deposit":
        result = deposit(bank, day, acct, amount)
    elif kind == "withdraw":
        result = withdraw(bank, day, acct, amount)
    else:
        result = pay(bank, day, acct, other, amount)
    print(f"day {day:>2} {kind:<8} {acct} {amount:>8} -> {'ok #' + str(result) if result else 'REJECTED'}")

print("fees charged to:", charge_fees(bank, 30))
print("interest paid:", {k: fmt(v) for k, v in pay_interest(bank, 31).items()})
print()
print(statement(bank, 2001, 1, 31))
print()
print(statement(bank, 2002, 10, 31))
print()
print(balance_sheet(bank))
debits, credits = bank.trial_balance()
print("trial balance:", fmt(debits), fmt(credits), "balanced" if debits == credits else "BROKEN")
print("net income:", fmt(net_income(bank)))
print(customer_summary(bank))
print("rejected:", bank.rejected)
print("largest:", largest_movements(bank))
print(cents("-3.5"), cents("12"), fmt(-123456), bank.account(2002))

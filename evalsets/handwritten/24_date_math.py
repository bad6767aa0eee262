DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]


def is_leap(year):
    return year % 4 == 0 and (year % 100 != 0 or year % 400 == 0)


def month_length(year, month):
    if month == 2 and is_leap(year):
        return 29
    return DAYS_IN_MONTH[month - 1]


def add_days(year, month, day, n):
    day += n
    while day > month_length(year, month):
        day -= month_length(year, month)
        month += 1
        if month > 12:
            month = 1
            year += 1
    return year, month, day


def day_of_year(year, month, day):
    return sum(month_length(year, m) for m in range(1, month)) + day


print(add_days(2023, 12, 25, 10))
print(add_days(2024, 2, 20, 10))
print(day_of_year(2024, 3, 1), day_of_year(2023, 3, 1))
print([y for y in (1900, 2000, 2023, 2024) if is_leap(y)])

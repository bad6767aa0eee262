from collections import deque


class Ticket:
    def __init__(self, number, minutes):
        self.number = number
        self.minutes = minutes

    def __repr__(self):
        return f"Ticket({self.number})"


class Desk:
    def __init__(self):
        self.queue = deque()
        self.served = []
        self.clock = 0

    def arrive(self, ticket):
        self.queue.append(ticket)

    def serve_next(self):
        ticket = self.queue.popleft()
        self.clock += ticket.minutes
        self.served.append((ticket.number, self.clock))
        return ticket


desk = Desk()
for n, m in [(1, 4), (2, 2), (3, 5)]:
    desk.arrive(Ticket(n, m))
first = desk.serve_next()
desk.serve_next()
print(first, desk.served, len(desk.queue))

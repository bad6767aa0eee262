class ParkingLot:
    def __init__(self, spots):
        self.free = list(range(1, spots + 1))
        self.cars = {}

    def park(self, plate):
        if not self.free:
            return None
        spot = self.free.pop(0)
        self.cars[plate] = spot
        return spot

    def leave(self, plate):
        spot = self.cars.pop(plate, None)
        if spot is not None:
            self.free.append(spot)
            self.free.sort()
        return spot


lot = ParkingLot(2)
s1 = lot.park("AB-1")
s2 = lot.park("CD-2")
s3 = lot.park("EF-3")
lot.leave("AB-1")
s4 = lot.park("EF-3")
print(s1, s2, s3, s4, lot.free)

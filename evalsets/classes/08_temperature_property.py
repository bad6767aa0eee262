class Temperature:
    def __init__(self, celsius):
        self._celsius = celsius

    @property
    def celsius(self):
        return self._celsius

    @celsius.setter
    def celsius(self, value):
        if value < -273.15:
            raise ValueError("below absolute zero")
        self._celsius = value

    @property
    def fahrenheit(self):
        return self._celsius * 9 / 5 + 32


t = Temperature(20)
print(t.fahrenheit)
t.celsius = 37.5
f = t.fahrenheit
try:
    t.celsius = -300
except ValueError as e:
    print("error:", e)
print(t.celsius, f)

class Recorder:
    def __init__(self, name):
        self.name = name
        self.events = []

    def __enter__(self):
        self.events.append("open " + self.name)
        return self

    def __exit__(self, exc_type, exc, tb):
        self.events.append("close " + self.name)
        return exc_type is ValueError

    def write(self, text):
        if not text:
            raise ValueError("empty write")
        self.events.append("write " + text)


rec = Recorder("log")
with rec as r:
    r.write("a")
    r.write("")
    r.write("never")
print(rec.events)

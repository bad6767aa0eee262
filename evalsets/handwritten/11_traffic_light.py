# A tiny state machine for a pedestrian crossing light.

TRANSITIONS = {
    ("red", "timer"): "green",
    ("green", "timer"): "yellow",
    ("yellow", "timer"): "red",
    ("green", "button"): "yellow",
}


def step(state, event):
    return TRANSITIONS.get((state, event), state)


def run(events, start="red"):
    state = start
    trace = [state]
    for ev in events:
        state = step(state, ev)
        trace.append(state)
    return trace


print(run(["timer", "timer", "timer"]))
print(run(["timer", "button", "button", "timer"]))
print(" -> ".join(run(["button", "timer"], start="yellow")))

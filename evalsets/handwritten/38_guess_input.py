# Number guessing game; the secret is fixed so the session replays exactly.
SECRET = 37
MAX_TRIES = 6


def hint(guess, secret):
    if guess < secret:
        return "higher"
    if guess > secret:
        return "lower"
    return "correct"


def play():
    for attempt in range(1, MAX_TRIES + 1):
        raw = input(f"guess #{attempt}: ")
        if not raw.strip().isdigit():
            print("please type a number")
            continue
        answer = hint(int(raw), SECRET)
        print(answer)
        if answer == "correct":
            return attempt
    return None


tries = play()
print("won in", tries, "tries" if tries else "-- out of tries")

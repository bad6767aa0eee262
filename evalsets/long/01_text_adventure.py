"""A small text adventure driven by a scripted list of commands.

The world is a handful of rooms connected by exits.  The player can move,
pick things up, use items, and talk to the one character in the game.  The
game loop at the bottom feeds a fixed list of commands so every run is the
same.
"""

# ---------------------------------------------------------------------------
# World data
# ---------------------------------------------------------------------------

ROOMS = {
    "cellar": {
        "title": "Damp Cellar",
        "text": "Barrels line the walls. A ladder leads up.",
        "exits": {"up": "kitchen"},
        "items": ["lantern"],
        "dark": True,
    },
    "kitchen": {
        "title": "Kitchen",
        "text": "A cold stove and a table covered in flour.",
        "exits": {"down": "cellar", "east": "hall", "north": "garden"},
        "items": ["bread", "knife"],
        "dark": False,
    },
    "hall": {
        "title": "Great Hall",
        "text": "Portraits stare down at you. A locked door leads north.",
        "exits": {"west": "kitchen"},
        "items": [],
        "dark": False,
        "locked": {"north": "library"},
    },
    "garden": {
        "title": "Overgrown Garden",
        "text": "Weeds everywhere. An old gardener leans on a rake.",
        "exits": {"south": "kitchen"},
        "items": ["rose"],
        "dark": False,
    },
    "library": {
        "title": "Library",
        "text": "Shelves of dusty books. A map lies open on the desk.",
        "exits": {"south": "hall"},
        "items": ["map"],
        "dark": False,
    },
}

ITEM_WEIGHTS = {"lantern": 3, "bread": 1, "knife": 2, "rose": 1, "map": 1, "key": 1}
MAX_CARRY = 6

SCORES = {"map": 50, "rose": 10, "key": 20}

DIRECTIONS = ("north", "south", "east", "west", "up", "down")
ALIASES = {"n": "north", "s": "south", "e": "east", "w": "west", "u": "up", "d": "down",
           "get": "take", "grab": "take", "l": "look", "i": "inventory"}


# ---------------------------------------------------------------------------
# Player state
# ---------------------------------------------------------------------------

class Player:
    def __init__(self, start):
        self.location = start
        self.inventory = []
        self.score = 0
        self.moves = 0
        self.lantern_on = False
        self.visited = [start]

    def carrying_weight(self):
        return sum(ITEM_WEIGHTS.get(i, 1) for i in self.inventory)

    def has(self, item):
        return item in self.inventory

    def __repr__(self):
        return f"Player(at={self.location!r}, items={self.inventory}, score={self.score})"


class Gardener:
    """The only other character. He trades a key for some bread."""

    def __init__(self):
        self.mood = "grumpy"
        self.has_key = True
        self.times_talked = 0

    def talk(self, player):
        self.times_talked += 1
        if self.mood == "grumpy" and not player.has("bread"):
            return "The gardener grunts: 'Hungry. Bring me something to eat.'"
        if self.mood == "grumpy" and player.has("bread"):
            player.inventory.remove("bread")
            self.mood = "happy"
            self.has_key = False
            player.inventory.append("key")
            return "The gardener eats the bread and hands you a rusty key."
        return "The gardener hums and ignores you."

    def __repr__(self):
        return f"Gardener(mood={self.mood!r}, key={self.has_key})"


# ---------------------------------------------------------------------------
# Command parsing
# ---------------------------------------------------------------------------

def normalize(command):
    words = command.lower().split()
    words = [w for w in words if w not in ("the", "a", "an", "to")]
    return [ALIASES.get(w, w) for w in words]


def parse(command):
    """Turn a typed command into (verb, noun)."""
    words = normalize(command)
    if not words:
        return None, None
    verb = words[0]
    noun = words[1] if len(words) > 1 else None
    if verb in DIRECTIONS:
        return "go", verb
    if verb == "go" and noun is None:
        return "go", None
    return verb, noun


# ---------------------------------------------------------------------------
# Actions
# ---------------------------------------------------------------------------

def room_is_visible(player):
    room = ROOMS[player.location]
    return not room["dark"] or (player.has("lantern") and player.lantern_on)


def describe(player):
    room = ROOMS[player.location]
    if not room_is_visible(player):
        return "It is pitch black. You might trip over something."
    lines = [room["title"], room["text"]]
    if room["items"]:
        lines.append("You see: " + ", ".join(room["items"]) + ".")
    exits = sorted(room["exits"])
    lines.append("Exits: " + ", ".join(exits) + ".")
    return "\n".join(lines)


def go(player, direction):
    if direction is None:
        return "Go where?"
    room = ROOMS[player.location]
    if direction in room.get("locked", {}):
        return "The door is locked."
    if direction not in room["exits"]:
        return "You can't go that way."
    player.location = room["exits"][direction]
    if player.location not in player.visited:
        player.visited.append(player.location)
        player.score += 5
    return describe(player)


def take(player, item):
    room = ROOMS[player.location]
    if item is None:
        return "Take what?"
    if not room_is_visible(player) and item != "lantern":
        return "You fumble around in the dark but find nothing."
    if item not in room["items"]:
        return f"There is no {item} here."
    if player.carrying_weight() + ITEM_WEIGHTS.get(item, 1) > MAX_CARRY:
        return f"The {item} is too heavy to carry with everything else."
    room["items"].remove(item)
    player.inventory.append(item)
    player.score += SCORES.get(item, 0)
    return f"Taken: {item}."


def drop(player, item):
    if item is None or not player.has(item):
        return "You don't have that."
    player.inventory.remove(item)
    ROOMS[player.location]["items"].append(item)
    return f"Dropped: {item}."


def use(player, item):
    if item is None or not player.has(item):
        return "You don't have that."
    if item == "lantern":
        player.lantern_on = not player.lantern_on
        return "The lantern is now " + ("lit." if player.lantern_on else "dark.")
    if item == "key":
        room = ROOMS[player.location]
        locked = room.get("locked", {})
        if not locked:
            return "There is nothing to unlock here."
        for direction, target in list(locked.items()):
            room["exits"][direction] = target
            del locked[direction]
        return "The key turns with a screech. The door swings open."
    if item == "bread":
        player.inventory.remove("bread")
        return "You eat the bread. Delicious, but maybe someone else needed it."
    return f"You wave the {item} around. Nothing happens."


def talk(player, gardener):
    if player.location != "garden":
        return "There is no one here to talk to."
    return gardener.talk(player)


def show_inventory(player):
    if not player.inventory:
        return "You are empty-handed."
    return "You carry: " + ", ".join(player.inventory) + f" (weight {player.carrying_weight()})."


# ---------------------------------------------------------------------------
# Game loop
# ---------------------------------------------------------------------------

class Game:
    def __init__(self):
        self.player = Player("kitchen")
        self.gardener = Gardener()
        self.log = []
        self.finished = False

    def handle(self, command):
        verb, noun = parse(command)
        p = self.player
        if verb is None:
            return "Say something."
        if verb == "look":
            return describe(p)
        if verb == "go":
            return go(p, noun)
        if verb == "take":
            return take(p, noun)
        if verb == "drop":
            return drop(p, noun)
        if verb == "use":
            return use(p, noun)
        if verb == "talk":
            return talk(p, self.gardener)
        if verb == "inventory":
            return show_inventory(p)
        if verb == "quit":
            self.finished = True
            return "Goodbye."
        return f"I don't know how to '{verb}'."

    def check_win(self):
        if self.player.has("map") and self.player.location == "kitchen":
            self.finished = True
            return True
        return False

    def step(self, command):
        self.player.moves += 1
        reply = self.handle(command)
        self.log.append((command, reply.splitlines()[0]))
        return reply

    def __repr__(self):
        return f"Game(moves={self.player.moves}, finished={self.finished})"


def play(game, commands):
    for command in commands:
        if game.finished:
            break
        print(f"> {command}")
        print(game.step(command))
        if game.check_win():
            print("*** You bring the map back to the kitchen. You win! ***")
    return game.player.score


def summary(game):
    p = game.player
    lines = [
        f"Moves taken : {p.moves}",
        f"Score       : {p.score}",
        f"Rooms seen  : {', '.join(p.visited)}",
        f"Carrying    : {', '.join(p.inventory) or 'nothing'}",
        f"Gardener    : {game.gardener.mood}",
    ]
    return "\n".join(lines)


def failed_commands(game):
    bad_starts = ("I don't", "You can't", "There is no", "You don't", "The door is locked")
    return [cmd for cmd, reply in game.log if reply.startswith(bad_starts)]


SCRIPT = [
    "look",
    "go down",
    "take lantern",
    "use lantern",
    "look",
    "up",
    "take the bread",
    "take knife",
    "e",
    "n",
    "w",
    "north",
    "talk to gardener",
    "take rose",
    "i",
    "dance",
    "s",
    "east",
    "use key",
    "north",
    "take map",
    "drop knife",
    "take map",
    "south",
    "west",
    "look",
]

game = Game()
final_score = play(game, SCRIPT)
print()
print(summary(game))
print("Final score:", final_score)
print("Commands that failed:", failed_commands(game))
print(game, game.gardener)

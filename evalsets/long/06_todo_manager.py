"""A command-driven todo list manager working on in-memory data.

Tasks have a title, priority, tags, an optional due day (day numbers, to keep
dates out of it), optional subtasks and a status.  Commands come from a
fixed script, the way they would come from a shell in the real tool.
"""

PRIORITIES = {"low": 1, "normal": 2, "high": 3, "urgent": 4}
STATUSES = ("open", "doing", "done", "dropped")


class TodoError(Exception):
    pass


class Task:
    def __init__(self, task_id, title, priority="normal", due=None, tags=None):
        if priority not in PRIORITIES:
            raise TodoError(f"unknown priority {priority!r}")
        self.id = task_id
        self.title = title
        self.priority = priority
        self.due = due
        self.tags = list(tags or [])
        self.status = "open"
        self.subtasks = []
        self.notes = []

    def is_active(self):
        return self.status in ("open", "doing")

    def progress(self):
        if not self.subtasks:
            return 1.0 if self.status == "done" else 0.0
        finished = sum(1 for _, done in self.subtasks if done)
        return finished / len(self.subtasks)

    def overdue(self, today):
        return self.is_active() and self.due is not None and self.due < today

    def __repr__(self):
        return f"Task(#{self.id} {self.title!r} {self.status})"


class TodoList:
    def __init__(self, name):
        self.name = name
        self.tasks = {}
        self.next_id = 1
        self.history = []

    # -- mutation ---------------------------------------------------------

    def add(self, title, priority="normal", due=None, tags=None):
        task = Task(self.next_id, title, priority, due, tags)
        self.tasks[task.id] = task
        self.next_id += 1
        self.history.append(("add", task.id))
        return task

    def get(self, task_id):
        if task_id not in self.tasks:
            raise TodoError(f"no task #{task_id}")
        return self.tasks[task_id]

    def set_status(self, task_id, status):
        if status not in STATUSES:
            raise TodoError(f"bad status {status!r}")
        task = self.get(task_id)
        old = task.status
        if old == "done" and status != "done":
            task.notes.append(f"reopened from {old}")
        task.status = status
        self.history.append(("status", task_id, old, status))
        return task

    def add_subtask(self, task_id, text):
        task = self.get(task_id)
        task.subtasks.append([text, False])
        return len(task.subtasks)

    def check_subtask(self, task_id, index):
        task = self.get(task_id)
        if not 1 <= index <= len(task.subtasks):
            raise TodoError(f"task #{task_id} has no subtask {index}")
        task.subtasks[index - 1][1] = True
        if all(done for _, done in task.subtasks):
            task.status = "done"
        elif task.status == "open":
            task.status = "doing"
        return task.progress()

    def tag(self, task_id, *tags):
        task = self.get(task_id)
        for t in tags:
            if t not in task.tags:
                task.tags.append(t)
        return task.tags

    def reprioritize(self, task_id, priority):
        if priority not in PRIORITIES:
            raise TodoError(f"unknown priority {priority!r}")
        self.get(task_id).priority = priority

    def remove(self, task_id):
        task = self.get(task_id)
        del self.tasks[task_id]
        self.history.append(("remove", task_id))
        return task

    # -- queries ----------------------------------------------------------

    def active(self):
        return [t for t in self.tasks.values() if t.is_active()]

    def with_tag(self, tag):
        return [t for t in self.tasks.values() if tag in t.tags]

    def overdue(self, today):
        return [t for t in self.tasks.values() if t.overdue(today)]

    def search(self, words):
        """Tasks whose title contains every one of the words (any case)."""
        words = [w.lower() for w in words]
        found = []
        for task in self.tasks.values():
            title = task.title.lower()
            if all(w in title for w in words):
                found.append(task)
        return found

    def sorted_tasks(self, key="priority"):
        tasks = list(self.tasks.values())
        if key == "priority":
            return sorted(tasks, key=lambda t: (-PRIORITIES[t.priority], t.id))
        if key == "due":
            return sorted(tasks, key=lambda t: (t.due is None, t.due or 0, t.id))
        if key == "title":
            return sorted(tasks, key=lambda t: t.title.lower())
        raise TodoError(f"cannot sort by {key!r}")

    def tag_counts(self):
        counts = {}
        for t in self.tasks.values():
            for tag in t.tags:
                counts[tag] = counts.get(tag, 0) + 1
        return dict(sorted(counts.items()))

    def __repr__(self):
        return f"TodoList({self.name!r}, {len(self.tasks)} tasks)"


# ---------------------------------------------------------------------------
# Rendering
# ---------------------------------------------------------------------------

STATUS_MARKS = {"open": "[ ]", "doing": "[~]", "done": "[x]", "dropped": "[-]"}


def progress_bar(fraction, width=10):
    filled = round(fraction * width)
    return "#" * filled + "." * (width - filled)


def render_task(task, today):
    due = "" if task.due is None else f" due:{task.due}"
    if task.overdue(today):
        due += "!"
    tags = "".join(f" +{t}" for t in task.tags)
    line = f"{STATUS_MARKS[task.status]} #{task.id:<2} {task.title:<26} {task.priority:<7}{due}{tags}"
    lines = [line.rstrip()]
    for text, done in task.subtasks:
        lines.append(f"      {'x' if done else '-'} {text}")
    if task.subtasks:
        lines.append(f"      {progress_bar(task.progress())} {task.progress():.0%}")
    return "\n".join(lines)


def render(todo, today, key="priority", only_active=False):
    lines = [f"== {todo.name} (day {today}) =="]
    for task in todo.sorted_tasks(key):
        if only_active and not task.is_active():
            continue
        lines.append(render_task(task, today))
    return "\n".join(lines)


def stats(todo, today):
    total = len(todo.tasks)
    by_status = {s: 0 for s in STATUSES}
    for t in todo.tasks.values():
        by_status[t.status] += 1
    return {
        "total": total,
        "by_status": by_status,
        "overdue": [t.id for t in todo.overdue(today)],
        "tags": todo.tag_counts(),
    }


# ---------------------------------------------------------------------------
# Command interpreter
# ---------------------------------------------------------------------------

def parse_add(args):
    """add <title words...> [!priority] [@due] [+tag ...]"""
    title_words, priority, due, tags = [], "normal", None, []
    for word in args:
        if word.startswith("!"):
            priority = word[1:]
        elif word.startswith("@"):
            due = int(word[1:])
        elif word.startswith("+"):
            tags.append(word[1:])
        else:
            title_words.append(word)
    return " ".join(title_words), priority, due, tags


def execute(todo, line, today):
    parts = line.split()
    cmd, args = parts[0], parts[1:]
    if cmd == "add":
        title, priority, due, tags = parse_add(args)
        task = todo.add(title, priority, due, tags)
        return f"added #{task.id}"
    if cmd == "start":
        todo.set_status(int(args[0]), "doing")
        return f"started #{args[0]}"
    if cmd == "done":
        todo.set_status(int(args[0]), "done")
        return f"finished #{args[0]}"
    if cmd == "drop":
        todo.set_status(int(args[0]), "dropped")
        return f"dropped #{args[0]}"
    if cmd == "reopen":
        todo.set_status(int(args[0]), "open")
        return f"reopened #{args[0]}"
    if cmd == "sub":
        n = todo.add_subtask(int(args[0]), " ".join(args[1:]))
        return f"#{args[0]} now has {n} subtasks"
    if cmd == "check":
        p = todo.check_subtask(int(args[0]), int(args[1]))
        return f"#{args[0]} progress {p:.0%}"
    if cmd == "tag":
        return "tags: " + ",".join(todo.tag(int(args[0]), *args[1:]))
    if cmd == "prio":
        todo.reprioritize(int(args[0]), args[1])
        return f"#{args[0]} is now {args[1]}"
    if cmd == "rm":
        return f"removed {todo.remove(int(args[0]))!r}"
    if cmd == "find":
        hits = todo.search(args)
        return ", ".join(f"#{t.id} {t.title}" for t in hits) or "nothing found"
    if cmd == "ls":
        key = args[0] if args else "priority"
        return render(todo, today, key)
    if cmd == "active":
        return render(todo, today, only_active=True)
    raise TodoError(f"unknown command {cmd!r}")


def run_script(todo, script, today):
    errors = 0
    for line in script:
        try:
            result = execute(todo, line, today)
        except (TodoError, ValueError, IndexError) as exc:
            errors += 1
            result = f"error: {exc}"
        print(f"$ {line}")
        print(result)
    return errors


SCRIPT = [
    "add Write quarterly report !high @12 +work",
    "add Buy groceries @9 +home",
    "add Fix bike brakes !low +home +bike",
    "add Prepare talk slides !urgent @10 +work +conf",
    "add Call plumber @8 +home",
    "add Learn to juggle !someday",
    "sub 4 outline",
    "sub 4 draft slides",
    "sub 4 rehearse",
    "check 4 1",
    "check 4 2",
    "start 1",
    "done 5",
    "tag 2 errands",
    "tag 9 nope",
    "prio 3 high",
    "check 4 7",
    "drop 3",
    "reopen 5",
    "rm 2",
    "find report",
    "find B",
    "frobnicate 1",
    "ls",
    "ls due",
    "active",
]

todo = TodoList("personal")
TODAY = 10
failures = run_script(todo, SCRIPT, TODAY)
print("commands failed:", failures)
print(stats(todo, TODAY))
print(todo, todo.get(4).progress(), todo.get(5).notes)
print([t.title for t in todo.with_tag("home")])
print(todo.history[-4:])

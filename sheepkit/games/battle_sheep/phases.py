"""Battle Sheep's phases and players' letters, shared by the engine and the text board."""

TILES, START, MOVE, OVER = 0, 1, 2, 3
#: Each phase in a word, by phase code (the text board's ``@`` line writes and reads these).
PHASE_NAMES = ("tiles", "start", "move", "over")
PLAYER_LETTERS = "ABCD"

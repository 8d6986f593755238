"""Reference solutions of the lessons: games written as a class writes them.

``sheepkit.examples.hounds_and_hare`` is the game built step by step in
``notebooks/make_a_game.ipynb``. Importing an example registers nothing; each has a
``register_reference()`` for that.
"""

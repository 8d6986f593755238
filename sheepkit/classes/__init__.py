"""A class: every pupil's guesses, reasons and results in one place on the school's server.

``messages`` types every message a pupil's page and the service exchange; ``store`` keeps
classes, pupils, answers and the teacher's pacing in SQLite; ``service`` is the authority
(transport-free, like the table service); ``server`` serves it and the teacher's page on
tornado beside Voila. See DESIGN.md, "A class".
"""

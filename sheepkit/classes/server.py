"""The class service and the teacher's pages on tornado (the server Voila already runs).

``class_handlers(base_url, service, key, lessons)`` serves, under ``base_url``:
``sheepkit/class`` (the pupils' pages' websocket), ``sheepkit/class/hello`` (that a class
service is here), and the teacher's pages under ``sheepkit/teacher/`` (sign in with the key;
the classes; a class's live page, its board, its actions, its CSV, a pupil's printable page,
delete; ``live``, a websocket that names each class that changed). ``start_with_voila``
does it for the Voila server as it starts and prints where the teacher's page is and its key.

CPython only (tornado, sqlite3 on a disk).
"""

from __future__ import annotations

import hmac
import json
import logging
import os
import secrets
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from tornado import web, websocket

from ..platform import loopback_url
from .catalogue import Lesson, lessons_in
from .client import CLASS_PATH, URL_VARIABLE
from .handin import HandInError, read_hand_in, store_hand_in
from .messages import MAX_MESSAGE, MessageError, Refused
from .pages import (
    TEACHER_PATH,
    board,
    class_page,
    classes_page,
    export_csv,
    import_page,
    login_page,
    pupil_page,
)
from .service import ClassService, Link
from .store import FILE_NAME, ClassRow, ClassStore, StoreError

log = logging.getLogger(__name__)

#: Where the store's folder may be named, and the teacher key set, when the server starts.
FOLDER_VARIABLE = "CLASSES"
KEY_VARIABLE = "TEACHER_KEY"
COOKIE = "sheepkit_teacher"


def teacher_key() -> str:
    """The key from ``TEACHER_KEY``, or a new one. It is taken out of the environment, so
    the kernels the server starts (the pupils' pages) never inherit it."""
    given = os.environ.pop(KEY_VARIABLE, "").strip()
    return given or secrets.token_urlsafe(9)


def same(given: str | None, key: str) -> bool:
    """Whether ``given`` is the key (compared in constant time, as bytes: any text may come)."""
    if not given:
        return False
    return hmac.compare_digest(given.encode("utf-8", "surrogatepass"), key.encode("utf-8"))


class ClassSocket(websocket.WebSocketHandler):
    """One pupil's page (its kernel, or Pyodide)."""

    service: ClassService
    link: Link | None = None

    def initialize(self, service: ClassService) -> None:
        self.service = service

    @property
    def max_message_size(self) -> int:
        return 4 * MAX_MESSAGE  # a long message gets the reason, a far longer one is cut off

    def open(self, *args: Any, **kwargs: Any) -> None:
        self.set_nodelay(True)
        try:
            self.link = self.service.connect(self._send)
        except MessageError as full:
            self.write_message(Refused(reason=full.reason, refused="").to_json())
            self.close(1013, "the class server is full")

    def on_message(self, message: str | bytes) -> None:
        if self.link is not None:
            self.service.receive(self.link, message)

    def on_close(self) -> None:
        if self.link is not None:
            self.service.disconnect(self.link)
            self.link = None

    def _send(self, text: str) -> None:
        if self.ws_connection is not None and not self.ws_connection.is_closing():
            self.write_message(text)


class HelloHandler(web.RequestHandler):
    def initialize(self, service: ClassService) -> None:
        self.service = service

    def get(self) -> None:
        self.set_header("Content-Type", "application/json")
        self.set_header("Cache-Control", "no-store")
        self.finish(json.dumps({"classes": 1, "limits": self.service.limits()}))


class Teacher(web.RequestHandler):
    """A teacher's page: only with the key (a cookie set at sign-in, or ``?key=``)."""

    service: ClassService
    key: str
    lessons: Callable[[], list[Lesson]]

    def initialize(
        self, service: ClassService, key: str, lessons: Callable[[], list[Lesson]]
    ) -> None:
        self.service = service
        self.key = key
        self.lessons = lessons

    def check_xsrf_cookie(self) -> None:
        # The cookie is SameSite=Strict, and a form from another site is refused by its
        # Origin (prepare): no page elsewhere can act as the teacher.
        return None

    def prepare(self) -> None:
        self.set_header("Cache-Control", "no-store")
        self.set_header("X-Frame-Options", "DENY")
        self.set_header("Referrer-Policy", "same-origin")  # no-referrer makes Origin "null"
        origin = self.request.headers.get("Origin")
        if (
            self.request.method == "POST"
            and origin
            and urlsplit(origin).netloc != self.request.host
        ):
            raise web.HTTPError(403, "a teacher's action comes from the teacher's page")

    def signed_in(self) -> bool:
        return same(self.get_cookie(COOKIE), self.key)

    def sign_in(self) -> None:
        self.set_cookie(COOKIE, self.key, httponly=True, samesite="Strict", path="/")

    def html(self, text: str, status: int = 200) -> None:
        self.set_status(status)
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.finish(text)

    def klass(self, code: str) -> ClassRow:
        if not self.signed_in():
            raise web.HTTPError(403, "sign in with the teacher key first")
        found = self.service.store.class_by_code(code)
        if found is None:
            raise web.HTTPError(404, f"no class {code[:10]!r}")
        return found

    def write_error(self, status_code: int, **kwargs: Any) -> None:
        reason = self._reason
        exc = kwargs.get("exc_info")
        if exc and isinstance(exc[1], web.HTTPError) and exc[1].log_message:
            reason = exc[1].log_message
        self.set_header("Content-Type", "text/plain; charset=utf-8")
        self.finish(f"{status_code}: {reason}\n")


class TeacherHome(Teacher):
    def get(self) -> None:
        if not self.request.path.endswith("/"):
            self.redirect(self.request.path + "/")
            return
        given = self.get_query_argument("key", None)
        if given is not None:
            if same(given, self.key):
                self.sign_in()
                self.redirect(self.request.path)  # the key leaves the address bar
                return
            self.html(login_page("That is not the teacher key."), 403)
            return
        if not self.signed_in():
            self.html(login_page())
            return
        self.html(classes_page(self.service.store.classes()))


class TeacherLogin(Teacher):
    def post(self) -> None:
        if same(self.get_body_argument("key", ""), self.key):
            self.sign_in()
            self.redirect("./")
            return
        self.html(login_page("That is not the teacher key."), 403)


class TeacherOpen(Teacher):
    def post(self) -> None:
        if not self.signed_in():
            raise web.HTTPError(403, "sign in with the teacher key first")
        try:
            klass = self.service.open_class(self.get_body_argument("name", ""))
        except StoreError as problem:
            self.html(classes_page(self.service.store.classes(), str(problem)), 400)
            return
        self.redirect(f"class/{klass.code}")


class ClassPage(Teacher):
    def get(self, code: str) -> None:
        if not self.signed_in():
            self.html(login_page(), 403)
            return
        klass = self.klass(code)
        lessons = self.lessons()
        chosen = self._chosen(klass, lessons)
        self.html(class_page(klass, lessons, chosen, self._board(klass, chosen)))

    def _chosen(self, klass: ClassRow, lessons: list[Lesson]) -> str:
        """The lesson asked for; else the one the class answered last; else the first."""
        answers = self.service.store.answers(klass.id)
        latest = max(answers, key=lambda a: a.time).lesson if answers else ""
        return self.get_query_argument("lesson", latest or (lessons[0].key if lessons else ""))

    def _board(self, klass: ClassRow, lesson: str) -> str:
        return board(self.service.store, klass, self.lessons(), lesson)


class BoardPart(ClassPage):
    def get(self, code: str) -> None:
        klass = self.klass(code)
        self.html(self._board(klass, self._chosen(klass, self.lessons())))


ACTIONS = ("hold", "reveal", "open", "share", "unshare", "pause", "resume")


class ClassAction(Teacher):
    def post(self, code: str) -> None:
        klass = self.klass(code)
        action = self.get_body_argument("action", "")
        if action not in ACTIONS:
            raise web.HTTPError(400, f"no action {action[:20]!r}; they are: {', '.join(ACTIONS)}")
        if action in ("pause", "resume"):
            self.service.pause(klass.id, action == "pause")
        else:
            lesson = self.get_body_argument("lesson", "")[:80]
            question = self.get_body_argument("question", "")[:80]
            if not lesson or not question:
                raise web.HTTPError(400, f"{action} needs a lesson and a question")
            if action in ("share", "unshare"):
                self.service.share(klass.id, lesson, question, action == "share")
            else:
                state = {"hold": "held", "reveal": "revealed", "open": "open"}[action]
                self.service.set_state(klass.id, lesson, question, state)
        if self.request.headers.get("Sec-Fetch-Mode") == "navigate":
            self.redirect(f"../{klass.code}")  # a form sent without the page's script
            return
        self.set_header("Content-Type", "application/json")
        self.finish(json.dumps({"done": action}))


class ClassExport(Teacher):
    def get(self, code: str) -> None:
        klass = self.klass(code)
        self.set_header("Content-Type", "text/csv; charset=utf-8")
        safe = "".join(c for c in klass.name if c.isalnum() or c in " -_").strip() or klass.code
        self.set_header("Content-Disposition", f'attachment; filename="{safe}.csv"')
        self.finish(export_csv(self.service.store, klass))


class PupilPage(Teacher):
    def get(self, code: str, pupil_id: str) -> None:
        klass = self.klass(code)
        pupil = next(
            (p for p in self.service.store.pupils(klass.id) if str(p.id) == pupil_id), None
        )
        if pupil is None:
            raise web.HTTPError(404, "no such pupil in this class")
        self.html(pupil_page(klass, pupil, self.service.store))


class ClassImport(Teacher):
    """Handed-in files (a pupil's answers kept in the browser, where no class server was)
    read into the class; each file read whole or refused in words."""

    def post(self, code: str) -> None:
        klass = self.klass(code)
        read, refused = [], []
        for upload in self.request.files.get("files", [])[:200]:
            name = upload.get("filename", "a file")[:80]
            try:
                read.append(store_hand_in(self.service.store, klass, read_hand_in(upload["body"])))
            except HandInError as problem:
                refused.append(f"{name}: {problem}")
        if read:
            self.service.changed(klass.id)
        self.html(import_page(klass, read, refused), 200 if read or not refused else 400)


class ClassDelete(Teacher):
    def post(self, code: str) -> None:
        klass = self.klass(code)
        if self.get_body_argument("sure", "") != "yes":
            raise web.HTTPError(400, "tick the box to say you mean it")
        self.service.delete(klass.id)
        self.redirect("../../")


class TeacherLive(websocket.WebSocketHandler):
    """Tells a signed-in teacher's page each class that changed (its code), as it changes."""

    def initialize(self, service: ClassService, key: str) -> None:
        self.service = service
        self.key = key
        self.unwatch: Callable[[], None] | None = None

    def open(self, *args: Any, **kwargs: Any) -> None:
        self.set_nodelay(True)
        if not same(self.get_cookie(COOKIE), self.key):
            self.close(4003, "sign in with the teacher key first")
            return
        self.unwatch = self.service.watch(self._changed)

    def _changed(self, class_id: int) -> None:
        klass = self.service.store.class_by_id(class_id)
        if klass is not None and self.ws_connection is not None:
            self.write_message(klass.code)

    def on_message(self, message: str | bytes) -> None:
        return None  # the page only listens

    def on_close(self) -> None:
        if self.unwatch is not None:
            self.unwatch()
            self.unwatch = None


def class_handlers(
    base_url: str, service: ClassService, key: str, notebooks: Path | None
) -> list[tuple[str, Any, dict[str, Any]]]:
    """The handlers of the class service and the teacher's pages under ``base_url``."""
    base = base_url.rstrip("/") + "/"
    teacher = base + TEACHER_PATH

    def lessons() -> list[Lesson]:
        return lessons_in(notebooks) if notebooks is not None else []

    common = {"service": service, "key": key, "lessons": lessons}
    code = r"/class/([A-Z0-9]{1,10})"
    return [
        (base + CLASS_PATH, ClassSocket, {"service": service}),
        (base + CLASS_PATH + "/hello", HelloHandler, {"service": service}),
        (teacher + "/?", TeacherHome, common),
        (teacher + "/login", TeacherLogin, common),
        (teacher + "/open", TeacherOpen, common),
        (teacher + "/live", TeacherLive, {"service": service, "key": key}),
        (teacher + code, ClassPage, common),
        (teacher + code + "/board", BoardPart, common),
        (teacher + code + "/act", ClassAction, common),
        (teacher + code + "/export.csv", ClassExport, common),
        (teacher + code + r"/pupil/(\d{1,12})", PupilPage, common),
        (teacher + code + "/import", ClassImport, common),
        (teacher + code + "/delete", ClassDelete, common),
    ]


def store_folder(default: Path) -> Path:
    """The folder the teacher named (``CLASSES=...``), else ``default``."""
    named = os.environ.get(FOLDER_VARIABLE, "").strip()
    return Path(named).expanduser() if named else default


def open_store(folder: Path) -> ClassStore:
    return ClassStore(folder / FILE_NAME)


_server_stores: dict[Path, ClassStore] = {}


def server_store(folder: Path) -> ClassStore:
    """The server's store in ``folder``, one per folder in this process: the class service
    and the table service (``sheepkit.tables.keeper``) write through its one connection."""
    path = (folder / FILE_NAME).resolve()
    if path not in _server_stores:
        _server_stores[path] = ClassStore(path)
    return _server_stores[path]


def voila_folder(voila_app: Any) -> Path:
    """The store's folder of a Voila server: ``CLASSES``, else classes/ beside the notebooks."""
    return store_folder(Path(voila_app.root_dir).parent / "classes")


def kernel_url(ip: str, port: int, base_url: str) -> str:
    """Where a kernel on this machine reaches the class service."""
    return loopback_url(ip, port, base_url, CLASS_PATH)


def teacher_address(ip: str, port: int, base_url: str) -> str:
    host = "127.0.0.1" if ip in ("", "0.0.0.0", "::") else ip
    return f"http://{host}:{port}{base_url.rstrip('/')}/{TEACHER_PATH}/"


def start_with_voila(voila_app: Any) -> ClassService:
    """Serve the class service and the teacher's pages on the Voila server that is starting,
    tell its kernels where the service is, and print the teacher's address and key."""
    notebooks = Path(voila_app.root_dir)
    folder = voila_folder(voila_app)
    service = ClassService(server_store(folder))
    key = teacher_key()
    web_app = voila_app.app
    web_app.add_handlers(".*$", class_handlers(voila_app.base_url, service, key, notebooks))
    rules = web_app.default_router.rules
    rules.insert(0, rules.pop(-2))  # ahead of Voila's last handler, which takes every path
    os.environ[URL_VARIABLE] = kernel_url(voila_app.ip, voila_app.port, voila_app.base_url)
    address = teacher_address(voila_app.ip, voila_app.port, voila_app.base_url)
    print(
        f"\n  Teacher's page: {address}\n  Teacher key:    {key}\n"
        f"  Classes kept in {folder.resolve() / FILE_NAME}\n",
        flush=True,
    )
    return service

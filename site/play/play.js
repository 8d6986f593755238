// The play page (site/play_pages.py): draws what sheepkit.play_page's view says and sends what
// the person does, through the worker that runs Python (worker.js). No framework.
(() => {
  const main = document.getElementById("sk-play");
  const $ = (id) => document.getElementById(id);
  const canvas = $("sk-board");
  const ctx = canvas.getContext("2d");
  const here = (path) => new URL(path, location.href).href;
  const worker = new Worker(here(main.dataset.worker));
  let view = null;
  let timer = null;
  window.sheepkitPlay = { painted: null, views: 0, error: null };

  const send = (...act) => worker.postMessage({ act });
  worker.onmessage = ({ data }) => {
    if (data.error) {
      window.sheepkitPlay.error = data.error;
      $("sk-loading").hidden = false;
      $("sk-loading").textContent = `Something went wrong: ${data.error}`;
      return;
    }
    const first = view === null;
    render(JSON.parse(data.view));
    if (first) {
      // Play together: is there a table service (the classroom server's)? Asked once the
      // board is painted, not before.
      const code = (new URLSearchParams(location.search).get("table") || "").toUpperCase();
      $("sk-table-code").value = code;
      send("find_tables", code, kept()[code] || "");
    }
  };
  worker.postMessage({
    start: {
      game: main.dataset.game,
      pyodide: here(main.dataset.pyodide),
      start: here(main.dataset.start),
      bundles: main.dataset.bundles.split(" ").map(here),
      decoder: here(main.dataset.decoder),
      files: here(main.dataset.files),
    },
  });

  // -- the board: the drawing's own ipycanvas calls, replayed on a 2D context -----------------
  const CALLS = {
    clear: () => ctx.clearRect(0, 0, view.width, view.height),
    save: () => ctx.save(),
    restore: () => ctx.restore(),
    translate: (x, y) => ctx.translate(x, y),
    rotate: (a) => ctx.rotate(a),
    set_line_dash: (d) => ctx.setLineDash(d),
    fill_rect: (x, y, w, h) => ctx.fillRect(x, y, w, h ?? w),
    stroke_rect: (x, y, w, h) => ctx.strokeRect(x, y, w, h ?? w),
    fill_circle: (x, y, r) => circle(x, y, r) || ctx.fill(),
    stroke_circle: (x, y, r) => circle(x, y, r) || ctx.stroke(),
    fill_polygon: (p) => polygon(p) || ctx.fill(),
    stroke_polygon: (p) => polygon(p) || ctx.stroke(),
    stroke_line: (x1, y1, x2, y2) => {
      ctx.beginPath();
      ctx.moveTo(x1, y1);
      ctx.lineTo(x2, y2);
      ctx.stroke();
    },
    fill_text: (t, x, y, w) => (w == null ? ctx.fillText(t, x, y) : ctx.fillText(t, x, y, w)),
  };
  const circle = (x, y, r) => {
    ctx.beginPath();
    ctx.arc(x, y, r, 0, 2 * Math.PI);
  };
  const polygon = (points) => {
    ctx.beginPath();
    points.forEach(([x, y], i) => (i ? ctx.lineTo(x, y) : ctx.moveTo(x, y)));
    ctx.closePath();
  };
  const drawBoard = () => {
    const scale = window.devicePixelRatio || 1;
    if (canvas.width !== view.width * scale || canvas.height !== view.height * scale) {
      canvas.width = view.width * scale;
      canvas.height = view.height * scale;
      canvas.style.width = `${view.width}px`;
    }
    ctx.setTransform(scale, 0, 0, scale, 0, 0);
    ctx.clearRect(0, 0, view.width, view.height);
    ctx.save();
    for (const [name, ...args] of view.board) {
      if (name === "=") ctx[args[0]] = args[1];
      else CALLS[name](...args);
    }
    ctx.restore();
  };

  // -- the controls ---------------------------------------------------------------------------
  const button = (label, action, css = "") => {
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = label;
    if (css) b.className = css;
    b.addEventListener("click", action);
    return b;
  };
  const options = (select, labels, chosen) => {
    const same = select.options.length === labels.length &&
      labels.every((l, i) => select.options[i].textContent === l);
    if (same) return;
    select.replaceChildren(...labels.map((label, i) => {
      const o = document.createElement("option");
      o.value = String(i);
      o.textContent = label;
      o.selected = label === chosen;
      return o;
    }));
  };
  // A row of buttons kept as it is when its labels are (so that focus stays on them).
  const buttons = (box, labels, action, css) => {
    const now = Array.from(box.children).map((b) => b.textContent);
    if (now.length === labels.length && now.every((l, i) => l === labels[i])) return;
    box.replaceChildren(...labels.map((label, i) => button(label, () => action(i), css)));
  };

  // The rules' inputs, made again only when the game's rules change (a choice's value is its
  // option's number).
  let shownRules = "";
  const renderRules = () => {
    const now = JSON.stringify(view.rules.inputs);
    if (now === shownRules) return;
    shownRules = now;
    $("sk-rules-inputs").replaceChildren(...view.rules.inputs.map((rule) => {
      const id = `sk-rule-${rule.name}`;
      const row = document.createElement("p");
      const label = Object.assign(document.createElement("label"), { htmlFor: id, textContent: rule.label });
      let input;
      if (rule.kind === "choice") {
        input = document.createElement("select");
        rule.options.forEach((words, i) => input.append(new Option(words, String(i))));
      } else if (rule.kind === "number") {
        input = Object.assign(document.createElement("input"), { type: "number", step: "1" });
        if (rule.min !== null) input.min = String(rule.min);
        if (rule.max !== null) input.max = String(rule.max);
      } else {
        input = Object.assign(document.createElement("textarea"), { rows: 2 });
      }
      Object.assign(input, { id, value: String(rule.value) });
      input.dataset.rule = rule.name;
      input.dataset.kind = rule.kind;
      const doc = Object.assign(document.createElement("small"), { id: `${id}-doc`, textContent: rule.doc });
      input.setAttribute("aria-describedby", doc.id);
      row.append(label, " ", input, document.createElement("br"), doc);
      return row;
    }));
  };
  const enteredRules = () => {
    const entered = {};
    for (const input of $("sk-rules-inputs").querySelectorAll("[data-rule]")) {
      const kind = input.dataset.kind;
      const value = input.value;
      entered[input.dataset.rule] = kind === "text" || value === "" ? value : Number(value);
    }
    return entered;
  };

  // A saved record, downloaded as a file of the page's own making.
  const download = (text, name) => {
    const url = URL.createObjectURL(new Blob([text], { type: "application/json" }));
    const link = Object.assign(document.createElement("a"), { href: url, download: name });
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  };

  const render = (next) => {
    const focused = document.activeElement;
    view = next;
    window.sheepkitPlay.view = view; // (the tests read it)
    window.sheepkitPlay.views += 1;
    $("sk-loading").hidden = true;
    main.removeAttribute("aria-busy");
    drawBoard();
    if (window.sheepkitPlay.painted === null) window.sheepkitPlay.painted = performance.now();
    canvas.setAttribute("role", view.steerable ? "application" : "img");
    $("sk-board-words").textContent = view.words;
    $("sk-shown-words").textContent = view.words;
    if (view.say) {
      // The same words twice would change nothing in the page: nothing would be read.
      const live = $("sk-live");
      live.textContent = live.textContent === view.say ? `${view.say}\u00a0` : view.say;
    }
    const status = view.status;
    $("sk-status-text").textContent = status.text;
    $("sk-note").textContent = status.note;
    $("sk-status").classList.toggle("sk-over", status.over);
    $("sk-curtain").hidden = !status.curtain;
    $("sk-curtain").textContent = status.curtain || "";

    const asList = view.moves_as === "list";
    buttons($("sk-moves"), asList ? [] : view.moves, (i) => send("play", i), "sk-move");
    buttons($("sk-tools"), view.tools, (i) => send("tool", view.tools[i]), "sk-tool");
    $("sk-move-list").hidden = !(asList && view.moves.length);
    if (asList) options($("sk-move-select"), view.moves);
    buttons($("sk-race"), view.race.map((r) => r.label), (i) => send("claim", view.race[i].seat),
      "sk-claim");

    const chance = view.chance;
    $("sk-chance").hidden = !chance;
    if (chance) {
      options($("sk-rig"), chance.outcomes);
      for (const id of ["sk-roll", "sk-rig", "sk-rig-use"]) $(id).disabled = !chance.enabled;
      $("sk-rig-row").hidden = !chance.rig;
    }
    $("sk-undo").disabled = !view.history.undo;
    $("sk-redo").disabled = !view.history.redo;
    const { cursor, length } = view.history;
    const slider = $("sk-slider");
    $("sk-browse").hidden = !view.offers.browse || length < 2;
    slider.max = String(length - 1);
    if (document.activeElement !== slider) slider.value = String(cursor);
    slider.setAttribute("aria-valuetext", `after ${cursor} of ${length - 1} moves`);
    $("sk-records").hidden = !view.offers.browse;
    $("sk-rules").hidden = !view.offers.browse;
    renderRules();
    $("sk-rules-note").textContent = view.rules.note;
    $("sk-records-note").textContent = view.records.note;
    if (view.records.text !== null) download(view.records.text, view.records.file);
    $("sk-history").hidden = !(view.offers.browse || view.offers.new_game);
    $("sk-bots").hidden = !view.offers.bots;
    $("sk-autoplay").checked = view.bots.autoplay;
    $("sk-step").disabled = !view.bots.step;
    const delay = $("sk-delay");
    if (document.activeElement !== delay) delay.value = String(view.bots.delay_ms);
    delay.setAttribute("aria-valuetext", `${view.bots.delay_ms} milliseconds`);
    $("sk-delay-ms").textContent = `${view.bots.delay_ms} ms`;
    renderSeats();
    renderTables();
    renderLog();

    // Focus lost with a button that went away: back to the moves, or the board.
    if (focused && focused !== document.body && !document.body.contains(focused)) {
      const first = document.querySelector("#sk-moves button, #sk-race button");
      (first || canvas).focus({ preventScroll: true });
    }
    clearTimeout(timer);
    if (view.wake !== null) timer = setTimeout(() => send("tick"), view.wake);
  };

  const renderSeats = () => {
    const box = $("sk-seats-list");
    $("sk-seats").hidden = !view.offers.setup;
    if (box.children.length !== view.seats.length) {
      box.replaceChildren(...view.seats.map((seat, i) => {
        const label = document.createElement("label");
        const select = document.createElement("select");
        select.id = `sk-seat-${i}`;
        select.addEventListener("change", () => send("seat", i, select.value));
        label.htmlFor = select.id;
        label.append(`${seat.player}: `);
        const row = document.createElement("div");
        row.append(label, select);
        return row;
      }));
    }
    view.seats.forEach((seat, i) => {
      const select = $(`sk-seat-${i}`);
      options(select, seat.options, seat.who);
      for (const o of select.options) o.value = o.textContent;
      select.value = seat.who;
    });
  };

  // Play together (sheepkit.play_tables): the way in (open, or join by a code and sit), or
  // the table sat at (its code and link, the seats, Start, Close or Leave, the away seats).
  // The seats this browser holds (code -> token), so that a reload of the table's link takes
  // the seat up again.
  const KEPT = "sheepkit-play-tables";
  const kept = () => {
    try {
      return JSON.parse(localStorage.getItem(KEPT) || "{}");
    } catch {
      return {};
    }
  };
  const keep = (change) => {
    try {
      const seats = kept();
      change(seats);
      localStorage.setItem(KEPT, JSON.stringify(seats));
    } catch {
      // no storage (a private window's policy): a reload finds the table's seats instead
    }
  };
  const renderTables = () => {
    const tables = view.tables;
    const seated = tables.seated;
    if (seated && kept()[seated.code] !== seated.token) {
      keep((seats) => (seats[seated.code] = seated.token));
    }
    if (tables.forget) keep((seats) => delete seats[tables.forget]);
    // Seated, the page's address is the table's link: a reload takes the seat up again.
    const linked = new URLSearchParams(location.search).get("table");
    if (seated && linked !== seated.code) {
      history.replaceState(null, "", `?table=${encodeURIComponent(seated.code)}`);
    } else if (tables.forget && linked === tables.forget) {
      history.replaceState(null, "", location.pathname);
    }
    $("sk-tables-note").textContent = tables.note;
    const at = tables.at;
    $("sk-tables-in").hidden = !tables.service || !!at;
    $("sk-table-at").hidden = !at;
    const sits = $("sk-table-sits");
    const seats = tables.join ? tables.join.seats : [];
    const key = JSON.stringify(seats);
    if (sits.dataset.key !== key) {
      sits.dataset.key = key;
      sits.replaceChildren(...seats.map((seat) => {
        if (seat.free) return button(seat.words, () => send("sit", seat.seat), "sk-table-sit");
        const span = document.createElement("span");
        span.className = "sk-table-taken";
        span.textContent = `${seat.words}. `;
        return span;
      }));
    }
    if (!at) return;
    const info = $("sk-table-info");
    if (info.dataset.code !== at.code || info.dataset.host !== String(at.host)) {
      info.dataset.code = at.code;
      info.dataset.host = String(at.host);
      const code = document.createElement("b");
      code.className = "sk-table-code-shown";
      code.textContent = at.code;
      const link = document.createElement("a");
      link.href = `?table=${encodeURIComponent(at.code)}`;
      link.textContent = "link to this table";
      const host = at.host ? " You are the host." : "";
      info.replaceChildren("Table ", code, ": others join with this code, or the ", link,
        `.${host}`);
    }
    $("sk-table-seats").replaceChildren(...at.seats.map((words) => {
      const li = document.createElement("li");
      li.textContent = words;
      return li;
    }));
    $("sk-table-start").hidden = !at.start;
    $("sk-table-close").hidden = !at.close;
    $("sk-table-leave").hidden = !at.leave;
    $("sk-table-bot-row").hidden = !at.away.length;
    if (at.away.length) {
      options($("sk-table-away"), at.away.map((a) => a.player));
      options($("sk-table-bot"), at.bots);
    }
  };

  const renderLog = () => {
    const log = $("sk-log");
    log.replaceChildren(...view.log.slice().reverse().map((line) => {
      const li = document.createElement("li");
      li.value = line.first;
      li.textContent = line.text;
      if (line.current) {
        li.className = "sk-current";
        li.setAttribute("aria-current", "step");
      }
      return li;
    }));
  };

  // -- what the person does -------------------------------------------------------------------
  const onBoard = (event) => {
    const box = canvas.getBoundingClientRect();
    const x = ((event.clientX - box.left) * view.width) / box.width;
    const y = ((event.clientY - box.top) * view.height) / box.height;
    return [x, y];
  };
  canvas.addEventListener("click", (event) => view && send("click", ...onBoard(event)));
  // A board that shows what is under the pointer (Battle Sheep's tile to lay) hears of its
  // moves, once a frame at most; the worker answers only when the board changed.
  let pointed = null;
  canvas.addEventListener("pointermove", (event) => {
    if (!view || !view.pointer) return;
    if (pointed === null) requestAnimationFrame(() => (send("point", ...pointed), (pointed = null)));
    pointed = onBoard(event);
  });
  canvas.addEventListener("keydown", (event) => {
    const keys = ["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Enter", " "];
    if (!view || event.ctrlKey || event.metaKey || event.altKey || !keys.includes(event.key)) {
      return;
    }
    event.preventDefault();
    send("key", event.key);
  });
  $("sk-move-play").addEventListener("click", () => send("play", Number($("sk-move-select").value)));
  $("sk-roll").addEventListener("click", () => send("roll"));
  $("sk-rig-use").addEventListener("click", () => send("roll", Number($("sk-rig").value)));
  $("sk-curtain").addEventListener("click", () => send("lift_curtain"));
  $("sk-undo").addEventListener("click", () => send("undo"));
  $("sk-redo").addEventListener("click", () => send("redo"));
  $("sk-new").addEventListener("click", () => send("new_game"));
  $("sk-slider").addEventListener("input", (event) => send("goto", Number(event.target.value)));
  $("sk-save").addEventListener("click", () => send("save_record"));
  $("sk-rules-apply").addEventListener("click", () => send("new_rules", enteredRules()));
  $("sk-load").addEventListener("change", async (event) => {
    const file = event.target.files[0];
    event.target.value = ""; // the same file may be chosen again
    if (!file) return;
    // the worker's Python refuses a record over this many characters; a file far past it
    // is not read at all
    const most = Number(main.dataset.maxRecord);
    if (file.size > 4 * most) {
      $("sk-records-note").textContent =
        `Not loaded: the file has ${file.size.toLocaleString("en")} bytes, and a record has at most ${most.toLocaleString("en")} characters.`;
      return;
    }
    send("load_record", await file.text());
  });
  $("sk-step").addEventListener("click", () => send("step"));
  $("sk-autoplay").addEventListener("change", (e) => send("set_autoplay", e.target.checked));
  $("sk-delay").addEventListener("change", (e) => send("set_delay", Number(e.target.value)));
  const look = () => send("look", $("sk-table-code").value);
  $("sk-table-open").addEventListener("click", () => send("open_table"));
  $("sk-table-look").addEventListener("click", look);
  $("sk-table-code").addEventListener("keydown", (event) => {
    if (event.key === "Enter") look();
  });
  $("sk-table-start").addEventListener("click", () => send("start"));
  $("sk-table-close").addEventListener("click", () => send("close_table"));
  $("sk-table-leave").addEventListener("click", () => send("leave"));
  $("sk-table-bot-use").addEventListener("click", () => {
    const away = view.tables.at.away[Number($("sk-table-away").value)];
    send("hand_to_bot", away.seat, view.tables.at.bots[Number($("sk-table-bot").value)]);
  });
  $("sk-describe").addEventListener("click", () => {
    const shown = $("sk-shown-words");
    shown.hidden = !shown.hidden;
    $("sk-describe").setAttribute("aria-expanded", String(!shown.hidden));
    $("sk-describe").textContent = shown.hidden ? "Describe the board" : "Hide the description";
  });
})();

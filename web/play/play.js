// The play page: one game of racegames at a time, each seat a person or a
// built-in player (thinking in worker.js). Everything the page knows of a
// game comes from the package: names, options, legal moves and their
// strings, the picture (drawSvg), where a move takes a piece on it
// (moveTargets), and the record text.
import init, * as rg from "./pkg/racegames.js";

const $ = (id) => document.getElementById(id);
const SVG = "http://www.w3.org/2000/svg";

const app = {
  gameName: "backgammon",
  game: null,
  seats: [],        // per seat: {player: "human" | a built-in name, options: "k=v,..."}
  seed: 1,
  start: null,      // the notation play started from, or null
  actions: [],      // every action since the start, throws included
  actors: [],       // the seat that chose each action (-1: chance)
  state: null,
  job: 0,           // the id of the decision asked of the worker
  worker: null,
  selected: null,
  note: "",
};

/// A number in [0, 1) from the seed and the action's place in the game:
/// the same throws after an undo, and the same game from the same seed.
function chanceDraw(seed, ply) {
  let t = (Math.imul(seed >>> 0, 0x9e3779b1) ^ Math.imul(ply + 1, 0x85ebca6b)) >>> 0;
  for (let i = 0; i < 2; i++) {
    t = (t + 0x6d2b79f5) >>> 0;
    let x = Math.imul(t ^ (t >>> 15), t | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    t = (x ^ (x >>> 14)) >>> 0;
  }
  return t / 4294967296;
}

function throwFor(state, ply) {
  const outcomes = state.chanceOutcomes();
  let r = chanceDraw(app.seed, ply);
  for (const [a, p] of outcomes) {
    if (r < p) return a;
    r -= p;
  }
  return outcomes[outcomes.length - 1][0];
}

function seatName(i) {
  return app.game.family() === "halma" ? `seat ${i + 1}` : String.fromCharCode(65 + i);
}

function showError(e) {
  $("error").textContent = e ? `${e.name || "Error"}: ${e.message || e}` : "";
}

/// "k=v,k=v" as options: true/false, numbers, or words.
function parseOptions(text) {
  const out = {};
  for (const part of text.split(",").map((s) => s.trim()).filter(Boolean)) {
    const [k, v = ""] = part.split("=").map((s) => s.trim());
    out[k] = v === "true" ? true : v === "false" ? false : v !== "" && !isNaN(Number(v)) ? Number(v) : v;
  }
  return out;
}

function rulesLink(game) {
  const name = game.name;
  const page = name.replace(/_/g, "-");
  // The Libro's games have their pages in games/libro/, under their names.
  const own = ["backgammon", "seys_dos_e_as"].includes(name) || game.family() !== "tables";
  return own ? `../games/${page}/` : `../games/libro/${name}/`;
}

// ---- setting up ------------------------------------------------------

function fillGames() {
  const byFamily = new Map();
  for (const name of rg.listGames()) {
    const g = rg.makeGame(name, {});
    const family = g.family();
    if (!byFamily.has(family)) byFamily.set(family, []);
    byFamily.get(family).push([name, g.displayName()]);
    g.free();
  }
  const select = $("game");
  select.textContent = "";
  for (const [family, games] of byFamily) {
    const group = document.createElement("optgroup");
    group.label = family;
    for (const [name, display] of games) {
      const o = document.createElement("option");
      o.value = name;
      o.textContent = display === name ? name : `${display} (${name})`;
      group.append(o);
    }
    select.append(group);
  }
  select.value = app.gameName;
}

/// The options a game lists only once its doubling cube is on (the Jacoby
/// rule, resignation, match play), none for a game without a cube: asked of
/// the package, the one owner of the options (Python's OpenSpiel
/// registration asks the same way).
function cubeOptions(name) {
  let plain = null;
  let cubeful = null;
  try {
    plain = rg.makeGame(name, {});
    cubeful = rg.makeGame(name, { cube: true });
    const base = new Set(Object.keys(plain.getParameters()));
    return Object.keys(cubeful.getParameters()).filter((k) => !base.has(k));
  } catch (e) {
    return [];
  } finally {
    if (plain) plain.free();
    if (cubeful) cubeful.free();
  }
}

/// The options form: the game's options, and an unticked `cube` where the
/// game has a cube that is off (ticking it shows the cube's own options).
function fillOptions(name, params) {
  const box = $("options");
  box.querySelectorAll(".row").forEach((r) => r.remove());
  app.cubeOptions = cubeOptions(name);
  const shown = { ...params };
  if (!("cube" in shown) && app.cubeOptions.includes("cube")) shown.cube = false;
  for (const [k, v] of Object.entries(shown)) {
    const row = document.createElement("div");
    row.className = "row";
    const label = document.createElement("label");
    label.textContent = k;
    label.htmlFor = `opt-${k}`;
    const input = document.createElement("input");
    input.id = `opt-${k}`;
    input.dataset.key = k;
    if (typeof v === "boolean") {
      input.type = "checkbox";
      input.checked = v;
    } else if (typeof v === "number") {
      input.type = "number";
      input.step = "any";
      input.value = v;
    } else {
      input.type = "text";
      input.value = v;
    }
    input.dataset.kind = typeof v;
    input.addEventListener("change", () => newGame());
    row.append(label, input);
    box.append(row);
  }
}

function readOptions() {
  const out = {};
  for (const input of $("options").querySelectorAll("input")) {
    const kind = input.dataset.kind;
    out[input.dataset.key] = kind === "boolean" ? input.checked : kind === "number" ? Number(input.value) : input.value;
  }
  // The cube untick: its options go with it (a match or a resignation
  // rule without the cube is a choice this form does not offer).
  if (out.cube === false) {
    for (const k of app.cubeOptions || []) delete out[k];
  }
  return out;
}

function fillSeats() {
  const box = $("seats");
  box.querySelectorAll(".row").forEach((r) => r.remove());
  const names = app.game.listPlayers().filter((p) => p !== "policy");
  const n = app.game.numPlayers();
  const old = app.seats;
  app.seats = [];
  for (let i = 0; i < n; i++) {
    const seat = old[i] && (old[i].player === "human" || names.includes(old[i].player))
      ? old[i] : { player: i === 0 ? "human" : names[0], options: "" };
    app.seats.push(seat);
    const row = document.createElement("div");
    row.className = "row";
    const label = document.createElement("label");
    label.textContent = seatName(i);
    label.htmlFor = `seat-${i}`;
    const select = document.createElement("select");
    select.id = `seat-${i}`;
    for (const p of ["human", ...names]) {
      const o = document.createElement("option");
      o.value = p;
      o.textContent = p;
      select.append(o);
    }
    select.value = seat.player;
    select.addEventListener("change", () => { seat.player = select.value; advance(); });
    const opts = document.createElement("input");
    opts.type = "text";
    opts.id = `seat-options-${i}`;
    opts.placeholder = "options: depth=2";
    opts.setAttribute("aria-label", `options of seat ${seatName(i)}'s player`);
    opts.value = seat.options;
    opts.addEventListener("change", () => { seat.options = opts.value; });
    row.append(label, select, opts);
    box.append(row);
  }
}

function setGame(name, params) {
  const game = rg.makeGame(name, params);
  if (app.game) app.game.free();
  app.game = game;
  app.gameName = name;
  $("game").value = name;
  $("rules").href = rulesLink(game);
  $("rules").textContent = `rules of ${game.displayName()}`;
  fillOptions(name, game.getParameters());
  fillSeats();
}

function newGame() {
  showError(null);
  try {
    setGame($("game").value, readOptions());
  } catch (e) {
    showError(e);
    return;
  }
  app.seed = Number($("seed").value) >>> 0;
  app.start = null;
  app.actions = [];
  app.actors = [];
  rebuild();
  advance();
}

/// The state after the start and every action kept (each checked).
function rebuild() {
  if (app.state) app.state.free();
  const s = app.start === null ? app.game.newInitialState() : app.game.stateFromNotation(app.start);
  app.actors = [];
  for (const a of app.actions) {
    app.actors.push(s.currentPlayer() >= 0 ? s.currentPlayer() : -1);
    s.applyAction(a);
  }
  app.state = s;
  app.selected = null;
}

function apply(action) {
  const s = app.state;
  app.actors.push(s.currentPlayer() >= 0 ? s.currentPlayer() : -1);
  s.applyAction(action);
  app.actions.push(action);
  app.selected = null;
}

// ---- playing ---------------------------------------------------------

function newWorker() {
  if (app.worker) app.worker.terminate();
  app.worker = new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
}

/// Plays chance and the built-in players until a person is to move (or
/// the game ends), drawing each position.
function advance() {
  app.job++;
  const s = app.state;
  while (s.isChanceNode()) apply(throwFor(s, app.actions.length));
  render();
  if (s.isTerminal()) return;
  const seat = s.currentPlayer();
  const who = app.seats[seat];
  if (who.player === "human") return;
  const id = app.job;
  const limit = Math.max(0.1, Number($("time-limit").value) || 10) * 1000;
  let options = {};
  try { options = parseOptions(who.options); } catch (e) { showError(e); }
  const timer = setTimeout(() => {
    if (id !== app.job) return;
    // Too slow: the worker is ended and the greedy player moves instead.
    newWorker();
    try {
      const p = rg.makePlayer(app.game.listPlayers().includes("greedy") ? "greedy" : "random", app.game, { seed: app.seed + seat });
      app.note = `${who.player} passed the time limit: greedy moved for it`;
      apply(p.act(s));
      p.free();
    } catch (e) { showError(e); return; }
    advance();
  }, limit);
  $("status").textContent = `${seatName(seat)} (${who.player}) is thinking…`;
  app.worker.onmessage = (event) => {
    const reply = event.data;
    if (reply.id !== id || id !== app.job) return;
    clearTimeout(timer);
    if (reply.error) { showError({ message: reply.error }); return; }
    app.note = `${who.player} took ${(reply.ms / 1000).toFixed(2)} s`;
    apply(reply.action);
    advance();
  };
  app.worker.postMessage({
    id, game: app.gameName, params: app.game.getParameters(), notation: s.notation(),
    player: who.player, seed: app.seed + seat, options,
  });
}

function play(action) {
  showError(null);
  try { apply(action); } catch (e) { showError(e); return; }
  app.note = "";
  advance();
}

function undo() {
  showError(null);
  // Back to before the last move a person made (the players' moves and
  // the throws after it go too).
  let i = app.actors.length - 1;
  while (i >= 0 && !(app.actors[i] >= 0 && app.seats[app.actors[i]].player === "human")) i--;
  app.actions = app.actions.slice(0, Math.max(i, 0));
  rebuild();
  app.note = "";
  app.job++;
  render();
  if (i < 0) advance();
}

// ---- drawing ---------------------------------------------------------

function render() {
  const s = app.state;
  $("board").innerHTML = rg.drawSvg(s);
  $("notation").value = s.notation();
  const seat = s.currentPlayer();
  const human = seat >= 0 && app.seats[seat].player === "human";
  $("status").textContent = s.isTerminal()
    ? `Game over: returns ${s.returns().join(", ")}`
    : seat >= 0 ? `${seatName(seat)} to play${human ? "" : ` (${app.seats[seat].player})`}` : "";
  // The last throw, in the game's words.
  let last = "";
  const replay = app.start === null ? app.game.newInitialState() : app.game.stateFromNotation(app.start);
  for (const a of app.actions) {
    if (replay.isChanceNode()) last = replay.actionToString(a);
    replay.applyAction(a);
  }
  replay.free();
  $("throw").textContent = `${last ? `Last throw: ${last}. ` : ""}Seed ${app.seed}. ${app.note}`;
  // The move list: the record's move text.
  const rec = rg.recordFromState(s, { players: app.seats.map((x) => x.player), seed: app.seed });
  const text = rg.recordsDumps(rec);
  $("movelist").textContent = text.slice(text.indexOf("\n\n") + 2).trim();
  // The legal moves.
  const list = $("moves");
  list.textContent = "";
  if (!human) return;
  const targets = rg.moveTargets(s);
  for (const t of targets) {
    const li = document.createElement("li");
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = t.text;
    b.dataset.action = t.action;
    b.addEventListener("click", () => play(t.action));
    li.append(b);
    list.append(li);
  }
  drawTargets(targets);
}

const key = (p) => `${p[0]},${p[1]}`;

function marker(svg, p, cls, label, onPick) {
  const c = document.createElementNS(SVG, "circle");
  c.setAttribute("cx", p[0]);
  c.setAttribute("cy", p[1]);
  c.setAttribute("r", Math.max(p[2] + 2, 8));
  c.setAttribute("class", cls);
  c.setAttribute("tabindex", "0");
  c.setAttribute("role", "button");
  c.setAttribute("aria-label", label);
  c.dataset.at = key(p);
  c.addEventListener("click", onPick);
  c.addEventListener("keydown", (e) => {
    if (e.key === "Enter" || e.key === " ") { e.preventDefault(); onPick(); }
  });
  svg.append(c);
  return c;
}

function drawTargets(targets) {
  const svg = $("board").querySelector("svg");
  if (!svg) return;
  const sources = new Map();
  for (const t of targets) {
    if (!t.from) continue;
    if (!sources.has(key(t.from))) sources.set(key(t.from), [t.from, []]);
    sources.get(key(t.from))[1].push(t);
  }
  for (const [k, [p, moves]] of sources) {
    const label = `piece: ${moves.map((m) => m.text).join(", ")}`;
    marker(svg, p, k === app.selected ? "src selected" : "src", label, () => {
      app.selected = app.selected === k ? null : k;
      render();
      const again = $("board").querySelector(`.src[data-at="${k}"]`);
      if (again) again.focus();
    });
  }
  if (app.selected === null || !sources.has(app.selected)) return;
  const dests = new Map();
  const unplaced = [];
  for (const t of sources.get(app.selected)[1]) {
    if (!t.to) { unplaced.push(t); continue; }
    if (!dests.has(key(t.to))) dests.set(key(t.to), [t.to, []]);
    dests.get(key(t.to))[1].push(t);
  }
  for (const [, [p, moves]] of dests) {
    marker(svg, p, "dst", `move: ${moves.map((m) => m.text).join(" or ")}`, () => pick(moves));
  }
  // Moves the picture cannot place (a piece borne off): shown in the list.
  hint(unplaced);
}

function hint(moves) {
  const actions = new Set(moves.map((m) => String(m.action)));
  for (const b of $("moves").querySelectorAll("button")) b.classList.toggle("hint", actions.has(b.dataset.action));
}

function pick(moves) {
  if (moves.length === 1) { play(moves[0].action); return; }
  // Several moves land there (different dice): the list says which.
  hint(moves);
  const first = $("moves").querySelector("button.hint");
  if (first) first.focus();
}

// ---- files -----------------------------------------------------------

function download(name, text) {
  const a = document.createElement("a");
  a.href = URL.createObjectURL(new Blob([text], { type: "text/plain" }));
  a.download = name;
  document.body.append(a);
  a.click();
  setTimeout(() => { URL.revokeObjectURL(a.href); a.remove(); }, 1000);
}

function recordText() {
  const rec = rg.recordFromState(app.state, { players: app.seats.map((x) => x.player), seed: app.seed });
  return rg.recordsDumps(rec);
}

function loadRecord(text) {
  const [rec] = rg.recordsLoads(text);
  if (!rec) throw new Error("the file holds no game");
  const end = rg.recordFinalState(rec);
  const game = end.getGame();
  end.free();
  setGame(rec.tags.Game, game.getParameters());
  game.free();
  app.seats.forEach((seat, i) => {
    const p = rec.tags[`Player${String.fromCharCode(65 + i)}`];
    seat.player = p && app.game.listPlayers().includes(p) ? p : "human";
    $(`seat-${i}`).value = seat.player;
  });
  if (rec.tags.Seed !== undefined) app.seed = Number(rec.tags.Seed) >>> 0;
  $("seed").value = app.seed;
  app.start = rec.tags.Position === undefined ? null : rec.tags.Position;
  app.actions = rec.actions.slice();
  rebuild();
  app.note = "record loaded";
  app.job++;
  render();
}

function setPosition(text) {
  const s = app.game.stateFromNotation(text.trim());
  s.free();
  app.start = text.trim();
  app.actions = [];
  rebuild();
  advance();
}

function readFile(input, use) {
  const file = input.files[0];
  if (!file) return;
  file.text().then((text) => {
    try { showError(null); use(text); } catch (e) { showError(e); }
    input.value = "";
  });
}

// ---- start -----------------------------------------------------------

async function main() {
  await init();
  newWorker();
  fillGames();
  const params = new URLSearchParams(location.search);
  if (params.get("game") && rg.listGames().includes(params.get("game"))) $("game").value = params.get("game");
  app.seed = params.has("seed") ? Number(params.get("seed")) >>> 0 : (Math.random() * 1e9) >>> 0;
  $("seed").value = app.seed;
  setGame($("game").value, {});
  $("game").addEventListener("change", () => {
    const name = $("game").value;
    const game = rg.makeGame(name, {});
    fillOptions(name, game.getParameters());
    game.free();
    newGame();
  });
  $("new-game").addEventListener("click", newGame);
  $("reseed").addEventListener("click", () => { $("seed").value = (Math.random() * 1e9) >>> 0; newGame(); });
  $("undo").addEventListener("click", undo);
  $("download-record").addEventListener("click", () => download(`${app.gameName}.txt`, recordText()));
  $("download-position").addEventListener("click", () => download(`${app.gameName}-position.txt`, app.state.notation() + "\n"));
  $("upload-record").addEventListener("change", (e) => readFile(e.target, loadRecord));
  $("upload-position").addEventListener("change", (e) => readFile(e.target, setPosition));
  $("set-position").addEventListener("click", () => { try { showError(null); setPosition($("notation").value); } catch (e) { showError(e); } });
  document.addEventListener("keydown", (e) => {
    if (e.target.matches("input, select, textarea") || e.ctrlKey || e.metaKey || e.altKey) return;
    if (e.key === "u") undo();
    if (e.key === "n") newGame();
  });
  newGame();
  window.racegamesPage = { app, rg, recordText, loadRecord };
  document.body.dataset.readyMs = performance.now().toFixed(0);
  document.body.dataset.ready = "true";
}

main().catch((e) => { $("status").textContent = "The package did not load."; showError(e); });

// The page is the device: it loads MicroPython's WebAssembly port, puts the
// firmware files and the saved flash into the port's memory, and then plays
// the Pico's part around the app: the clock, the button edges, the OLED, the
// buzzer and the flash (the browser's storage).
import { loadMicroPython } from "./mp/micropython.mjs";
import * as flash from "./flash.js";
import { flashFiles, makeZip } from "./zip.js";

const SOUND_KEY = "tanteador/sound";
const FLASH_DIR = "/tt";
const TICK_MS = 10;                  // the firmware's loop polls about every 10 ms
// After a touch starts, Chromium holds timer callbacks back for about 100 ms
// to favour drawing: for a while after each input the firmware is also
// stepped on every animation frame, so a press is answered at its first edge.
const HURRY_MS = 250;
// A screen shorter than this share of the window leaves room for the buttons (a phone turned sideways).
const SCREEN_SHARE = 0.55;
const ON = [214, 236, 255];          // a lit pixel and the dark glass, as `tanteador sim --png`
const OFF = [12, 14, 20];
const DIM_ON = [90, 100, 110];
const KEYS = { ArrowUp: 0, ArrowDown: 1, Enter: 2, " ": 2, Backspace: 3, Escape: 3 };
// What `tanteador pull` reads, plus the names the device offers.
const WANTED = /^(state\.json|names\.json|h\d+\.json|bad-.+)$/;
// The ended matches, in their folder of the flash (tanteador.store.ARCH).
const ENDED = /^h\d+\.json$/;
const ARCH = "h/";

// What the page measured (browser clock, ms since navigation) and every change to the flash, for the tests.
const stats = { firstFrameMs: null, answersMs: [], frames: 0, flashLog: [], tones: [], audio: null, ready: false,
  error: null };
window.tanteador = stats;

const canvas = document.getElementById("oled");
const ctx = canvas.getContext("2d");
const statusLine = document.getElementById("status");
const pixels = new ImageData(128, 64);
const shadow = new OffscreenCanvas(128, 64);
let lastView = null;
let halted = false;                  // set while an import replaces the flash: the app must not save over it
let pendingInput = null;             // browser time of the last button edge not yet answered by a frame
const held = [false, false, false, false];
// A frame that comes while a button has been held this long answers the hold
// (a long press, an auto-repeat), not the edge: it is no press's answer time.
const HOLD_ANSWER_MS = 400;

function say(text, problem) {
  statusLine.textContent = text;
  statusLine.classList.toggle("problem", !!problem);
}

// The flash as the store sees it: files in the port's memory, each change
// written through to the browser's storage at once (see webboard.WebFS), as
// bytes: the kept frame and its tag are not text.
function flashHost(mp) {
  const path = (name) => FLASH_DIR + "/" + name;
  const put = (name) => {
    try {
      flash.write(name, mp.FS.readFile(path(name)));
      return 0;
    } catch (e) {
      return e && e.name === "QuotaExceededError" ? 28 : 5;
    }
  };
  return {
    wrote: (name) => {
      stats.flashLog.push("write " + name);
      return put(name);
    },
    renamed: (oldName, newName) => {
      stats.flashLog.push("rename " + oldName + " " + newName);
      const code = put(newName);
      if (!code) flash.remove(oldName);
      return code;
    },
    removed: (name) => {
      stats.flashLog.push("remove " + name);
      flash.remove(name);
    },
    tone: (freq) => buzzer.tone(freq),
    rand_below: (n) => Math.floor(Math.random() * n),
  };
}

const buzzer = {
  audio: null,
  osc: null,
  gain: null,
  on: false,
  enable(on) {
    this.on = on;
    localStorage.setItem(SOUND_KEY, on ? "1" : "0");
    if (on && !this.audio) {
      this.audio = new AudioContext();
      this.osc = this.audio.createOscillator();
      this.gain = this.audio.createGain();
      this.osc.type = "square";
      this.gain.gain.value = 0;
      this.osc.connect(this.gain).connect(this.audio.destination);
      this.osc.start();
    }
    if (this.audio) (on ? this.audio.resume() : this.gain.gain.setValueAtTime(0, this.audio.currentTime));
  },
  tone(freq) {
    stats.tones.push(freq);
    stats.audio = this.on && this.audio ? this.audio.state : null;
    if (!stats.audio) return;
    const t = this.audio.currentTime;
    if (freq > 0) this.osc.frequency.setValueAtTime(Math.min(20000, Math.max(20, freq)), t);
    this.gain.gain.setValueAtTime(freq > 0 ? 0.06 : 0, t);
  },
};

// The largest integer scale that fits the glass, in device pixels, so every
// OLED pixel is a sharp square of the same size.
function fitCanvas() {
  const glass = canvas.parentElement;
  const dpr = window.devicePixelRatio || 1;
  const room = Math.min((glass.clientWidth - 24) * dpr, 2 * window.innerHeight * SCREEN_SHARE * dpr);
  const scale = Math.max(1, Math.floor(room / 128));
  if (canvas.width !== 128 * scale) {
    canvas.width = 128 * scale;
    canvas.height = 64 * scale;
  }
  canvas.style.width = (128 * scale) / dpr + "px";
  canvas.style.height = (64 * scale) / dpr + "px";
  if (lastView) draw(lastView);
}

// A view is "<powered><dimmed>" and the MONO_VLSB frame in hex (webboard.view).
function draw(view) {
  lastView = view;
  const powered = view[0] === "1";
  const on = view[1] === "1" ? DIM_ON : ON;
  const data = pixels.data;
  for (let page = 0; page < 8; page++) {
    for (let x = 0; x < 128; x++) {
      const i = 2 + 2 * (page * 128 + x);
      const byte = powered ? parseInt(view.substr(i, 2), 16) : 0;
      for (let bit = 0; bit < 8; bit++) {
        const c = (byte >> bit) & 1 ? on : OFF;
        const o = 4 * ((page * 8 + bit) * 128 + x);
        data[o] = c[0];
        data[o + 1] = c[1];
        data[o + 2] = c[2];
        data[o + 3] = 255;
      }
    }
  }
  shadow.getContext("2d").putImageData(pixels, 0, 0);
  ctx.imageSmoothingEnabled = false;
  ctx.drawImage(shadow, 0, 0, canvas.width, canvas.height);
  stats.frames++;
  const now = performance.now();
  if (stats.firstFrameMs === null) stats.firstFrameMs = now;
  if (pendingInput !== null) {
    if (!(held.includes(true) && now - pendingInput >= HOLD_ANSWER_MS)) stats.answersMs.push(now - pendingInput);
    pendingInput = null;
  }
}

// A browser lets sound start only from a press: the first one after a reload starts it.
function wakeSound() {
  if (buzzer.on && (!buzzer.audio || buzzer.audio.state !== "running")) buzzer.enable(true);
}

async function start() {
  if ("serviceWorker" in navigator) navigator.serviceWorker.register("sw.js").catch(() => {});
  // Ask the browser not to clear the flash when it runs short of room (it may still say no).
  navigator.storage?.persist?.().catch(() => {});
  const [mp, bundle] = await Promise.all([
    loadMicroPython({ heapsize: 512 * 1024, stdout: (l) => console.log(l), stderr: (l) => console.error(l) }),
    fetch("firmware.json").then((r) => r.json()),
  ]);
  for (const [file, text] of Object.entries(bundle.files)) {
    mp.FS.mkdirTree("/fw/" + file.split("/").slice(0, -1).join("/"));
    mp.FS.writeFile("/fw/" + file, text);
  }
  mp.FS.mkdirTree(FLASH_DIR);
  flash.migrate();
  for (const name of flash.names()) {
    if (name.includes("/")) mp.FS.mkdirTree(FLASH_DIR + "/" + name.split("/")[0]);
    mp.FS.writeFile(FLASH_DIR + "/" + name, flash.read(name));
  }
  mp.registerJsModule("webhost", flashHost(mp));
  mp.runPython("import sys\nsys.path[:0] = ['/fw']");
  const board = mp.pyimport("webboard");
  // Each Python function is fetched once: only numbers and strings cross per step.
  const step = board.step;
  const press = board.press;
  const clock = () => Math.round(performance.now());
  const seed = new URLSearchParams(location.search).get("seed");
  const first = board.boot(clock(), seed === null ? -1 : parseInt(seed, 10));
  if (first) draw(first);

  const run = () => {
    if (halted) return;
    try {
      const view = step(clock());
      if (view) draw(view);
    } catch (e) {
      stats.error = String(e);
      say("The device stopped: " + e.message, true);
      clearInterval(timer);
    }
  };
  let hurryUntil = 0;
  const hurry = () => {
    const going = performance.now() < hurryUntil;
    hurryUntil = performance.now() + HURRY_MS;
    if (going) return;
    const frame = () => {
      run();
      if (performance.now() < hurryUntil && !halted) requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  };
  // An edge is stamped with its event's time, the moment the finger went down
  // or the key was struck; the board keeps it in order and long enough to count.
  const edge = (button, down, t) => {
    if (held[button] === down) return;
    held[button] = down;
    document.querySelector(`.key[data-button="${button}"]`).classList.toggle("down", down);
    const at = Math.min(performance.now(), t);
    pendingInput = at;
    press(button, down, Math.min(clock(), Math.round(at)));
    run();
    hurry();
  };
  const timer = setInterval(run, TICK_MS);

  for (const key of document.querySelectorAll(".key")) {
    const b = parseInt(key.dataset.button, 10);
    key.addEventListener("pointerdown", (e) => {
      if (e.button !== 0) return;
      key.setPointerCapture(e.pointerId);
      wakeSound();
      edge(b, true, e.timeStamp);
    });
    for (const type of ["pointerup", "pointercancel"]) key.addEventListener(type, (e) => edge(b, false, e.timeStamp));
    // Assistive technology presses a button with a bare click (no pointer,
    // detail 0); the click that ends a pointer press is already counted.
    key.addEventListener("click", (e) => {
      if (e.detail !== 0 || held[b]) return;
      wakeSound();
      edge(b, true, e.timeStamp);
      edge(b, false, e.timeStamp);
    });
    key.addEventListener("contextmenu", (e) => e.preventDefault());
    // Keyboard activation of a focused button would be a second press.
    key.addEventListener("keydown", (e) => { if (e.key in KEYS) e.preventDefault(); });
  }
  window.addEventListener("keydown", (e) => {
    if (!(e.key in KEYS) || e.ctrlKey || e.altKey || e.metaKey) return;
    e.preventDefault();
    wakeSound();
    if (!e.repeat) edge(KEYS[e.key], true, e.timeStamp);
  });
  window.addEventListener("keyup", (e) => {
    if (e.key in KEYS) edge(KEYS[e.key], false, e.timeStamp);
  });
  // A button cannot stay down while the page is away.
  window.addEventListener("blur", () => held.forEach((d, b) => d && edge(b, false, performance.now())));
  // A trump or points typed just now are saved once the buttons rest; a page
  // hidden or closed before then saves them at once.
  const flush = board.flush;
  const keep = () => {
    if (halted) return;
    try {
      flush();
    } catch (e) {
      stats.error = String(e);
    }
  };
  document.addEventListener("visibilitychange", () => { if (document.visibilityState === "hidden") keep(); });
  window.addEventListener("pagehide", keep);
  stats.ready = true;
  const saved = "Saved in this browser.";
  say(saved);
  const strays = flash.strays();
  if (strays.length) say("Left aside in this browser's storage, not file names: " + strays.join(", "), true);
  navigator.serviceWorker?.ready.then(() => {
    if (statusLine.textContent === saved) say("Saved in this browser; works offline.");
  });
}

// The flash's files that pull reads, the ended matches in their folder, as
// an export names them: a zip of the folder, unzipped for `pull --from-dir`.
function exported(name) {
  return WANTED.test(name) || (name.startsWith(ARCH) && ENDED.test(name.slice(ARCH.length)));
}

function exportFiles() {
  const files = flash.names().filter(exported).map((n) => [n, flash.read(n)]);
  if (!files.length) {
    say("Nothing to export yet: no match has been saved.", true);
    return;
  }
  const link = document.createElement("a");
  link.href = URL.createObjectURL(new Blob([makeZip(files)], { type: "application/zip" }));
  link.download = "tanteador-flash.zip";
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
  say(`Exported ${files.length} file(s): unzip, then \`tanteador pull --from-dir FOLDER\`.`);
}

function sameBytes(a, b) {
  return a.length === b.length && a.every((v, i) => v === b[i]);
}

async function importFiles(list) {
  let found;
  try {
    found = await flashFiles(list, WANTED);
  } catch (e) {
    say("Import failed: " + e.message, true);
    return;
  }
  if (!found.length) {
    say("Import: no match files (state.json, hNNNN.json, bad-*, names.json) in what was chosen.", true);
    return;
  }
  // An ended match goes to its folder, whichever folder it came from.
  found = found.map(([name, bytes]) => [ENDED.test(name) ? ARCH + name : name, bytes]);
  const replaced = found.filter(([name, bytes]) => {
    const old = flash.read(name);
    return old !== null && !sameBytes(old, bytes);
  });
  if (replaced.length && !confirm(`Import replaces ${replaced.map((f) => f[0]).join(", ")} of this browser. ` +
                                   "Export first to keep them. Replace?")) {
    say("Import cancelled: nothing changed.");
    return;
  }
  halted = true;
  const before = found.map(([name]) => [name, flash.read(name)]);
  try {
    for (const [name, bytes] of found) flash.write(name, bytes);
  } catch (e) {
    for (const [name, bytes] of before) bytes === null ? flash.remove(name) : flash.write(name, bytes);
    halted = false;
    say("Import failed: the browser's storage is full; nothing changed.", true);
    return;
  }
  location.reload();
}

document.getElementById("export").addEventListener("click", exportFiles);
document.getElementById("import").addEventListener("change", (e) => {
  const files = [...e.target.files];
  e.target.value = "";   // the same file chosen again is a new import
  importFiles(files);
});
// Two pages on one flash would save over each other's match: the one that
// did not write last stops and says so.
window.addEventListener("storage", (e) => {
  if (halted || !flash.isFlashKey(e.key)) return;
  halted = true;
  say("This match was changed in another tab or window: reload to carry on with it.", true);
});
const sound = document.getElementById("sound");
sound.checked = localStorage.getItem(SOUND_KEY) === "1";
buzzer.on = sound.checked;
sound.addEventListener("change", () => buzzer.enable(sound.checked));
window.addEventListener("resize", fitCanvas);
fitCanvas();
start().catch((e) => {
  stats.error = String(e);
  say("Could not start: " + e.message, true);
});

// Plays one benchmark match on MicroPython's WebAssembly port and prints
// its figures as JSON lines, like host_tools/device/mp_bench.py does on the
// unix port.
//
// WebAssembly is a 32-bit machine: pointers take 4 bytes and a heap block
// 16, as on a Pico, where the unix port on a 64-bit PC doubles both. This
// port collects garbage only when control is back in JavaScript, so every
// step of the match and every heap reading is its own call from here.
//
// usage: node run.mjs '{"paths": [...], "copy": [...], "args": {...}}'
//   paths  folders put on sys.path (the firmware tree and host_tools/device)
//   copy   more files and folders the match reads and writes (the flash
//          folder, the script)
//   args   what mp_bench.Session takes
//   modules  firmware modules loaded once each after the match and unloaded
//          again, as the app does with its screens: what stays is the heap of
//          a device on which every screen has been opened
//   romfs  optional ROMFS image, mounted at /rom: its .mpy files run in place,
//          so their code and names stay out of the heap, as in a frozen build
import fs from "node:fs";
import path from "node:path";
import { loadMicroPython } from "@micropython/micropython-webassembly-pyscript";

const conf = JSON.parse(process.argv[2]);
// The heap starts at a Pico's size; this port grows it rather than fail.
const mp = await loadMicroPython({
  heapsize: 190 * 1024,
  stdout: (line) => process.stdout.write(line + "\n"),
  linebuffer: true,
  romfs: conf.romfs ? new Uint8Array(fs.readFileSync(conf.romfs)) : undefined,
});

// The port's files live in memory: each file or folder is copied in at the same path.
function copyIn(src) {
  if (!fs.statSync(src).isDirectory()) {
    mp.FS.mkdirTree(path.dirname(src));
    mp.FS.writeFile(src, fs.readFileSync(src));
    return;
  }
  mp.FS.mkdirTree(src);
  for (const e of fs.readdirSync(src, { withFileTypes: true })) {
    if (e.name !== "__pycache__") copyIn(path.join(src, e.name));
  }
}
const paths = conf.paths.map((p) => (p === "/rom" ? p : path.resolve(p)));
for (const dir of [...paths, ...(conf.copy || [])]) if (dir !== "/rom") copyIn(path.resolve(dir));

mp.runPython("import sys\nsys.path[:0] = " + JSON.stringify(paths));
// Every Python object handed to JavaScript stays referenced by the port until
// the end, so each function is fetched once and only numbers cross per step.
const gc = mp.pyimport("gc");
const collect = gc.collect;
const memAlloc = gc.mem_alloc;
const bench = mp.pyimport("mp_bench");
mp.pyimport("hostboard");
mp.pyimport("script");

// gc.collect() only asks for a collection; it runs as the call returns here.
function used() {
  collect();
  return memAlloc();
}

const session = bench.Session(JSON.stringify(conf.args));
const step = session.step;
const sample = session.sample;
const base = used();
session.start();
const boot = used();
while (step()) sample(used());
const end = used();
if (conf.modules) bench.visit_all(JSON.stringify(conf.modules));
const visited = conf.modules ? used() : null;
// A second visit brings no new names: what it keeps is kept by the modules themselves.
if (conf.modules) bench.visit_all(JSON.stringify(conf.modules));
const revisited = conf.modules ? used() : null;
bench.finish(session, base, boot, end, visited, revisited);

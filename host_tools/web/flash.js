// The Pico's /tt folder in the browser's storage: one localStorage entry per
// file, its bytes in base64.
//
// localStorage rather than IndexedDB: a write must be done when the store's
// call returns (the store's one atomic write per action, and a save flushed
// on pagehide, when an asynchronous write may never finish), a full storage
// must reach the store as an errno at once, and a write must reach the other
// tabs of the page as a "storage" event. Base64 because an entry holds text,
// and the kept frame (frame.bin) and its tag (frame.tag) are not text.

// Where files were kept as their UTF-8 text before: read once, then moved to PREFIX.
const OLD_PREFIX = "tanteador/flash/";
const PREFIX = "tanteador/bytes/";
// A text copy of these lost every byte that is not UTF-8: they only make a
// reset quicker, and the firmware writes them again from the save.
const NOT_TEXT = new Set(["frame.bin", "frame.tag"]);
const CHUNK = 0x8000;

/** Base64 of a Uint8Array. */
function toBase64(bytes) {
  let s = "";
  for (let i = 0; i < bytes.length; i += CHUNK) s += String.fromCharCode.apply(null, bytes.subarray(i, i + CHUNK));
  return btoa(s);
}

/** The bytes of a stored entry; an entry that is not base64 (damaged by hand or by
 * another program) gives the bytes of its text, for the firmware to set aside. */
function fromBase64(text) {
  let s;
  try {
    s = atob(text);
  } catch {
    return new TextEncoder().encode(text);
  }
  const bytes = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) bytes[i] = s.charCodeAt(i);
  return bytes;
}

function namesUnder(prefix) {
  const names = [];
  for (let i = 0; i < localStorage.length; i++) {
    const key = localStorage.key(i);
    if (key !== null && key.startsWith(prefix)) names.push(key.slice(prefix.length));
  }
  return names;
}

/** Move files a page of an earlier build kept as text to base64 entries, so
 * that a match saved by it resumes. An entry that does not fit stays as it is
 * and is read from there (see ``read``). */
export function migrate() {
  const enc = new TextEncoder();
  for (const name of namesUnder(OLD_PREFIX)) {
    const text = localStorage.getItem(OLD_PREFIX + name);
    try {
      if (!NOT_TEXT.has(name)) localStorage.setItem(PREFIX + name, toBase64(enc.encode(text)));
      localStorage.removeItem(OLD_PREFIX + name);
    } catch {
      // The storage is full: the text entry is still read as it is.
    }
  }
}

// The names the firmware gives its files (tanteador.flashfs.DirFS.path, and
// tanteador.store.ARCH, the folder of the ended matches): a plain name, or
// one in that folder ("h/h0001.json"). An entry under any other name (put
// there by hand) cannot be a file of the folder, and writing it to the
// port's memory would stop the page.
function isFileName(name) {
  const plain = (p) => p !== "" && p !== "." && p !== ".." && !/[/\\]/.test(p);
  return plain(name) || (name.startsWith("h/") && plain(name.slice(2)));
}

function allNames() {
  const all = new Set(namesUnder(PREFIX));
  for (const name of namesUnder(OLD_PREFIX)) if (!NOT_TEXT.has(name)) all.add(name);
  return [...all].sort();
}

/** The names of the stored files, sorted. */
export function names() {
  return allNames().filter(isFileName);
}

/** The stored entries whose names cannot be a file's: left as they are, not loaded. */
export function strays() {
  return allNames().filter((name) => !isFileName(name));
}

/** The bytes of a stored file, or null. A text entry not yet moved wins: it is
 * the newer one (written by a page of an earlier build still open). */
export function read(name) {
  const text = NOT_TEXT.has(name) ? null : localStorage.getItem(OLD_PREFIX + name);
  if (text !== null) return new TextEncoder().encode(text);
  const stored = localStorage.getItem(PREFIX + name);
  return stored === null ? null : fromBase64(stored);
}

/** Store the bytes of a file; throws as localStorage does (QuotaExceededError when full). */
export function write(name, bytes) {
  localStorage.setItem(PREFIX + name, toBase64(bytes));
  localStorage.removeItem(OLD_PREFIX + name);
}

/** Delete a stored file. */
export function remove(name) {
  localStorage.removeItem(PREFIX + name);
  localStorage.removeItem(OLD_PREFIX + name);
}

/** True if a storage key is one of the flash's files (a "storage" event from another tab). */
export function isFlashKey(key) {
  return key !== null && (key.startsWith(PREFIX) || key.startsWith(OLD_PREFIX));
}

// The phone page of `tanteador event serve`: read a device's result code with
// the camera (the browser's BarcodeDetector where it has one, else jsQR),
// post it, and say what the organiser's PC answered. A code is posted again
// until the PC answers, so a result is never lost to a dropped connection.
"use strict";

const video = document.getElementById("camera");
const statusLine = document.getElementById("status");
const log = document.getElementById("log");
const sent = new Set();
let busy = false;

function say(text, ok) {
  statusLine.textContent = text;
  statusLine.className = ok === undefined ? "" : ok ? "ok" : "bad";
}

function remember(text, ok) {
  const li = document.createElement("li");
  li.textContent = text;
  li.className = ok ? "ok" : "bad";
  log.prepend(li);
}

async function post(code) {
  for (let wait = 500; ; wait = Math.min(wait * 2, 8000)) {
    try {
      const r = await fetch("/result", {method: "POST", headers: {"Content-Type": "application/json"},
                                        body: JSON.stringify({code})});
      const answer = await r.json();
      return r.ok ? {ok: true, text: answer.line} : {ok: false, text: answer.error};
    } catch (e) {
      say("No answer from the organiser's PC; trying again...", false);
      await new Promise((done) => setTimeout(done, wait));
    }
  }
}

async function found(code) {
  if (busy || sent.has(code)) return;
  busy = true;
  say("Sending...");
  const answer = await post(code);
  if (answer.ok) sent.add(code);
  say(answer.text, answer.ok);
  remember(answer.text, answer.ok);
  busy = false;
}

async function reader() {
  if ("BarcodeDetector" in window) {
    const formats = await BarcodeDetector.getSupportedFormats();
    if (formats.includes("qr_code")) {
      const detector = new BarcodeDetector({formats: ["qr_code"]});
      return async (canvas) => (await detector.detect(canvas)).map((b) => b.rawValue)[0];
    }
  }
  if (window.jsQR) {
    return async (canvas) => {
      const c = canvas.getContext("2d", {willReadFrequently: true});
      const img = c.getImageData(0, 0, canvas.width, canvas.height);
      const r = jsQR(img.data, img.width, img.height, {inversionAttempts: "attemptBoth"});
      return r ? r.data : undefined;
    };
  }
  return null;
}

async function start() {
  const read = await reader();
  if (!read) {
    say("This browser cannot read QR codes: type the code below.", false);
    return;
  }
  try {
    video.srcObject = await navigator.mediaDevices.getUserMedia({video: {facingMode: "environment"}, audio: false});
  } catch (e) {
    say("No camera (" + e.name + "): type the code below.", false);
    return;
  }
  await video.play();
  say("Point the camera at the device's code.");
  const canvas = document.createElement("canvas");
  const tick = async () => {
    if (video.videoWidth) {
      canvas.width = video.videoWidth;
      canvas.height = video.videoHeight;
      canvas.getContext("2d", {willReadFrequently: true}).drawImage(video, 0, 0);
      const text = await read(canvas);
      if (text) await found(text);
    }
    setTimeout(tick, 200);
  };
  tick();
}

document.getElementById("typed").addEventListener("submit", (e) => {
  e.preventDefault();
  const input = document.getElementById("code");
  const code = input.value.trim();
  if (code) found(code).then(() => { input.value = ""; });
});

start();

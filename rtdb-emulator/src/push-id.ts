// Firebase-style push ids: 8 chars of time then 12 random chars, increasing within a millisecond.
import { randomInt } from "node:crypto";

const CHARS = "-0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz";
let lastTime = 0;
const lastRandom: number[] = [];

export function pushId(now = Date.now()): string {
  const duplicate = now === lastTime;
  lastTime = now;
  const time: string[] = [];
  let t = now;
  for (let i = 7; i >= 0; i--) {
    time[i] = CHARS.charAt(t % 64);
    t = Math.floor(t / 64);
  }
  if (!duplicate) {
    for (let i = 0; i < 12; i++) lastRandom[i] = randomInt(64);
  } else {
    let i = 11;
    for (; i >= 0 && lastRandom[i] === 63; i--) lastRandom[i] = 0;
    if (i >= 0) lastRandom[i] = lastRandom[i]! + 1;
  }
  return time.join("") + lastRandom.map((n) => CHARS.charAt(n)).join("");
}

// A small seeded PRNG (mulberry32) so the demo data is the same on every machine. Never Math.random.

export interface Prng {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max] (inclusive). */
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  /** True with probability p. */
  chance(p: number): boolean;
  /** An uppercase alphanumeric string (no 0/O/1/I, as short ids avoid them). */
  code(length: number): string;
}

/** 32-bit FNV-1a: turns a seed name into the PRNG's state. */
export function hashSeed(name: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < name.length; i++) {
    h ^= name.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

const CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

export function createPrng(seed: string | number): Prng {
  let state = typeof seed === "number" ? seed >>> 0 : hashSeed(seed);
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    pick: <T>(items: readonly T[]): T => {
      if (items.length === 0) throw new Error("pick() from an empty list");
      return items[int(0, items.length - 1)] as T;
    },
    chance: (p) => next() < p,
    code: (length) => {
      let s = "";
      for (let i = 0; i < length; i++) s += CODE_ALPHABET[int(0, CODE_ALPHABET.length - 1)];
      return s;
    },
  };
}

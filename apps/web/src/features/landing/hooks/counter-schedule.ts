import { COUNTER } from '@camino/contracts';

export type Random = () => number;

export interface CounterStep {
  delayMs: number;
  /** 0 for a pause. */
  increment: number;
}

function between(min: number, max: number, random: Random): number {
  return min + Math.floor(random() * (max - min + 1));
}

/**
 * The next tick of the "Inmigrantes Ayudados" counter (spec section 9): with 30% probability a pause
 * of 180-300 s, otherwise +1 or +2 after 10-60 s.
 */
export function nextStep(random: Random): CounterStep {
  if (random() < COUNTER.pauseProbability) {
    return { delayMs: between(COUNTER.pauseMinMs, COUNTER.pauseMaxMs, random), increment: 0 };
  }
  return {
    delayMs: between(COUNTER.tickMinMs, COUNTER.tickMaxMs, random),
    increment: between(COUNTER.minIncrement, COUNTER.maxIncrement, random),
  };
}

/** Spanish number format with a thousands point also for four digits: 5300 -> "5.300". */
export function formatCount(value: number): string {
  return String(Math.trunc(value)).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
}

export function parseStoredCount(raw: string | null): number {
  const value = raw === null ? Number.NaN : Number.parseInt(raw, 10);
  return Number.isSafeInteger(value) && value >= COUNTER.initial ? value : COUNTER.initial;
}

export interface CounterStore {
  get(): string | null;
  set(value: string): void;
}

/** Runs the counter on timers; each change is persisted before listeners hear of it. */
export function startCounter(store: CounterStore, random: Random, onChange: (value: number) => void): () => void {
  let value = parseStoredCount(store.get());
  store.set(String(value));
  let timer: ReturnType<typeof setTimeout> | undefined;
  const schedule = () => {
    const step = nextStep(random);
    timer = setTimeout(() => {
      if (step.increment > 0) {
        value += step.increment;
        store.set(String(value));
        onChange(value);
      }
      schedule();
    }, step.delayMs);
  };
  schedule();
  return () => clearTimeout(timer);
}

/** A small seedable generator (mulberry32), for tests and reproducible runs. */
export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

import { COUNTER } from '@camino/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatCount, nextStep, parseStoredCount, seededRandom, startCounter } from './counter-schedule';

const memoryStore = (initial: string | null = null) => {
  let value = initial;
  return { get: () => value, set: (v: string) => void (value = v), peek: () => value };
};

describe('nextStep', () => {
  it('pauses 180-300 s with probability 0.3, otherwise adds 1 or 2 after 10-60 s', () => {
    const random = seededRandom(42);
    let pauses = 0;
    const runs = 20_000;
    for (let i = 0; i < runs; i++) {
      const step = nextStep(random);
      if (step.increment === 0) {
        pauses++;
        expect(step.delayMs).toBeGreaterThanOrEqual(COUNTER.pauseMinMs);
        expect(step.delayMs).toBeLessThanOrEqual(COUNTER.pauseMaxMs);
      } else {
        expect([1, 2]).toContain(step.increment);
        expect(step.delayMs).toBeGreaterThanOrEqual(COUNTER.tickMinMs);
        expect(step.delayMs).toBeLessThanOrEqual(COUNTER.tickMaxMs);
      }
    }
    expect(pauses / runs).toBeGreaterThan(0.28);
    expect(pauses / runs).toBeLessThan(0.32);
  });

  it('uses the bounds exactly at the extremes of the random source', () => {
    expect(nextStep(() => 0)).toEqual({ delayMs: COUNTER.pauseMinMs, increment: 0 });
    const high = nextStep(() => 0.999999);
    expect(high).toEqual({ delayMs: COUNTER.tickMaxMs, increment: 2 });
  });
});

describe('formatCount', () => {
  it('writes Spanish thousands with a point, also for four digits', () => {
    expect(formatCount(5300)).toBe('5.300');
    expect(formatCount(12345)).toBe('12.345');
    expect(formatCount(1234567)).toBe('1.234.567');
    expect(formatCount(999)).toBe('999');
  });
});

describe('parseStoredCount', () => {
  it('starts at 5300 when nothing valid is stored', () => {
    expect(parseStoredCount(null)).toBe(5300);
    expect(parseStoredCount('abc')).toBe(5300);
    expect(parseStoredCount('12')).toBe(5300);
    expect(parseStoredCount('6001')).toBe(6001);
  });
});

describe('startCounter', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('follows the seeded schedule, persisting every value', () => {
    const store = memoryStore();
    const seen: number[] = [];
    // Replay the same seed to know the schedule in advance.
    const preview = seededRandom(7);
    const steps = Array.from({ length: 12 }, () => nextStep(preview));

    const stop = startCounter(store, seededRandom(7), (v) => seen.push(v));
    expect(store.peek()).toBe('5300');
    let expected = 5300;
    for (const step of steps) {
      vi.advanceTimersByTime(step.delayMs - 1);
      expect(Number(store.peek())).toBe(expected);
      vi.advanceTimersByTime(1);
      expected += step.increment;
      expect(Number(store.peek())).toBe(expected);
    }
    expect(seen.at(-1)).toBe(expected);
    expect(seen.length).toBe(steps.filter((s) => s.increment > 0).length);
    stop();
    vi.advanceTimersByTime(10 * COUNTER.pauseMaxMs);
    expect(Number(store.peek())).toBe(expected);
  });

  it('continues from the persisted value', () => {
    const store = memoryStore('7000');
    startCounter(store, () => 0.5, () => {});
    // 0.5 >= 0.3: a tick of 10 + floor(0.5 * 50001) ms, increment 1 + floor(0.5 * 2) = 2.
    vi.advanceTimersByTime(COUNTER.tickMinMs + Math.floor(0.5 * (COUNTER.tickMaxMs - COUNTER.tickMinMs + 1)));
    expect(store.peek()).toBe('7002');
  });
});

import { STORAGE_KEYS } from '@camino/contracts';
import { useEffect, useState } from 'react';
import { storage } from '@/lib/storage';
import { parseStoredCount, startCounter } from './counter-schedule';

const store = {
  get: () => storage.get(STORAGE_KEYS.counter),
  set: (value: string) => storage.set(STORAGE_KEYS.counter, value),
};

export function useImmigrantCounter(): number {
  const [value, setValue] = useState(() => parseStoredCount(store.get()));
  useEffect(() => startCounter(store, Math.random, setValue), []);
  return value;
}

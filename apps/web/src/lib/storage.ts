/** Browser storage that never throws (private mode, full quota, disabled storage). */
function safe(area: () => Storage) {
  return {
    get(key: string): string | null {
      try {
        return area().getItem(key);
      } catch {
        return null;
      }
    },
    set(key: string, value: string): void {
      try {
        area().setItem(key, value);
      } catch {
        // Storage unavailable: the value lives for this page only.
      }
    },
    remove(key: string): void {
      try {
        area().removeItem(key);
      } catch {
        // Nothing to remove.
      }
    },
  };
}

/** localStorage: kept on this device. */
export const storage = safe(() => window.localStorage);
/** sessionStorage: kept for this browser tab, gone when it closes. */
export const tabStorage = safe(() => window.sessionStorage);

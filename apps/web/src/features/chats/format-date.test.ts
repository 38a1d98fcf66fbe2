import { describe, expect, it } from 'vitest';
import { formatChatDate } from './format-date';

describe('formatChatDate', () => {
  it('writes dd/MM/yyyy HH:mm with leading zeros', () => {
    const d = new Date(2026, 0, 5, 9, 7);
    expect(formatChatDate(d.toISOString())).toBe('05/01/2026 09:07');
    expect(formatChatDate(new Date(2026, 10, 22, 23, 59).toISOString())).toBe('22/11/2026 23:59');
  });
});

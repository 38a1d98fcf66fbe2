import { describe, expect, it } from 'vitest';
import { checkedMonth, displayUrl, shareText } from './source-line';

describe('the source line', () => {
  it('shows the address as people read it', () => {
    expect(displayUrl('https://www.uscis.gov/i-130')).toBe('uscis.gov/i-130');
    expect(displayUrl('https://locator.ice.gov/')).toBe('locator.ice.gov');
  });

  it('says the month it was checked in, in Spanish or English', () => {
    expect(checkedMonth('2026-11-23', 'es')).toBe('noviembre de 2026');
    expect(checkedMonth('2026-01-01', 'es')).toBe('enero de 2026');
    expect(checkedMonth('2026-11-23', 'en')).toBe('November 2026');
  });

  it('shares the answer with its source when it has one', () => {
    expect(shareText('Llena el I-130.', { by: 'USCIS', url: 'https://www.uscis.gov/i-130', checked: '2026-11-23' }, 'Fuente: uscis.gov/i-130')).toBe(
      'Llena el I-130.\n\nFuente: uscis.gov/i-130',
    );
    expect(shareText('Hola.', null, 'x')).toBe('Hola.');
  });
});

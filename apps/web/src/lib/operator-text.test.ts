import { describe, expect, it } from 'vitest';
import { fillOperator } from './operator-text';

const text = 'Camino Claro lo opera {name}, {address}, responsable de tus datos personales. Escríbenos a {email}.';

describe('fillOperator', () => {
  it('fills the configured operator', () => {
    expect(fillOperator(text, { name: 'Camino Claro LLC', address: '100 Main St, Houston, TX', supportEmail: 'ayuda@example.com' })).toBe(
      'Camino Claro lo opera Camino Claro LLC, 100 Main St, Houston, TX, responsable de tus datos personales. Escríbenos a ayuda@example.com.',
    );
  });

  it('leaves out what is not configured instead of making it up', () => {
    expect(fillOperator(text, { name: 'Camino Claro', address: null, supportEmail: null })).toBe(
      'Camino Claro lo opera Camino Claro, responsable de tus datos personales.',
    );
  });
});

import { render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '@/lib/i18n';
import { UsageCounter } from './usage-counter';

beforeAll(async () => {
  await initI18n();
});

describe('UsageCounter', () => {
  it('shows N of 3 on the free plan', () => {
    render(<UsageCounter usage={{ plan: 'FREE', used: 1, limit: 3, remaining: 2, today: 1 }} />);
    expect(screen.getByTestId('usage-counter')).toHaveTextContent('Consultas restantes: 2 de 3');
  });

  it('shows ∞ on the unlimited plan', () => {
    render(<UsageCounter usage={{ plan: 'UNLIMITED', used: 40, limit: null, remaining: null, today: 2 }} />);
    expect(screen.getByTestId('usage-counter')).toHaveTextContent('Consultas restantes: ∞');
  });
});

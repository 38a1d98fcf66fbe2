import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '@/lib/i18n';
import { TextQuestionForm } from './text-question-form';

beforeAll(async () => {
  await initI18n();
});

describe('TextQuestionForm', () => {
  it('says how many letters are left near the 1,000 limit, and that it stops there', () => {
    render(<TextQuestionForm onAsk={vi.fn()} disabled={false} busy={false} />);
    const box = screen.getByLabelText('Tu pregunta');
    expect(box).toHaveAttribute('maxlength', '1000');
    fireEvent.change(box, { target: { value: 'a'.repeat(800) } });
    expect(screen.queryByText(/Te quedan/)).toBeNull();
    fireEvent.change(box, { target: { value: 'a'.repeat(950) } });
    expect(screen.getByText('Te quedan 50 letras de 1,000.')).toBeVisible();
    expect(box).toHaveAccessibleDescription('Te quedan 50 letras de 1,000.');
    fireEvent.change(box, { target: { value: 'a'.repeat(999) } });
    expect(screen.getByText('Te queda 1 letra de 1,000.')).toBeVisible();
    fireEvent.change(box, { target: { value: 'a'.repeat(1000) } });
    expect(screen.getByText('Llegaste al límite de 1,000 letras. Escribe lo más importante de tu pregunta.')).toBeVisible();
  });

  it('gives the question back when it was not answered (an error, a limit): nothing typed is lost', async () => {
    render(<TextQuestionForm onAsk={() => Promise.resolve(false)} disabled={false} busy={false} />);
    const box = screen.getByLabelText('Tu pregunta');
    fireEvent.change(box, { target: { value: 'mi esposo tiene corte el lunes y lo tienen detenido' } });
    fireEvent.click(screen.getByRole('button', { name: 'Preguntar' }));
    await waitFor(() => expect(box).toHaveValue('mi esposo tiene corte el lunes y lo tienen detenido'));
  });

  it('sends the trimmed question and empties the box', () => {
    const onAsk = vi.fn(() => true);
    render(<TextQuestionForm onAsk={onAsk} disabled={false} busy={false} />);
    const box = screen.getByLabelText('Tu pregunta');
    fireEvent.change(box, { target: { value: '¿Qué es el DACA?' } });
    fireEvent.click(screen.getByRole('button', { name: 'Preguntar' }));
    expect(onAsk).toHaveBeenCalledWith('¿Qué es el DACA?');
    expect(box).toHaveValue('');
  });
});

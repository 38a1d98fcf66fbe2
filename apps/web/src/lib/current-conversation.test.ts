import { beforeEach, describe, expect, it } from 'vitest';
import { forgetConversation, keepConversation, keptConversation } from './current-conversation';

const conversation = {
  userId: 'ana',
  chatId: 'c1',
  turns: [
    { role: 'user' as const, content: '¿Qué es el DACA?' },
    { role: 'assistant' as const, content: 'El DACA es…' },
  ],
  thread: [{ question: '¿Qué es el DACA?', answer: 'El DACA es…', kind: 'answer' as const, source: null }],
};

describe('the conversation kept for the tab', () => {
  beforeEach(() => window.sessionStorage.clear());

  it("is given back only to its owner, and forgotten for anyone else's session", () => {
    keepConversation(conversation);
    expect(keptConversation('ana')).toEqual(conversation);
    expect(keptConversation('luis')).toBeNull();
    forgetConversation('ana');
    expect(keptConversation('ana')).toEqual(conversation);
    forgetConversation('luis');
    expect(keptConversation('ana')).toBeNull();
  });

  it('reads nothing from a damaged value, and forgets without an owner', () => {
    window.sessionStorage.setItem('currentConversation', '{not json');
    expect(keptConversation('ana')).toBeNull();
    keepConversation(conversation);
    forgetConversation();
    expect(keptConversation('ana')).toBeNull();
  });
});

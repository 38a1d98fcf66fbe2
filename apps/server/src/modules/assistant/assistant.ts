import { LIMITS, type AnswerKind, type AnswerSource } from '@camino/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { AnswerEngine, Mode, Plan, Turn } from './engine/engine';
import { AnswerGuard, isClosing } from './engine/guard';
import { ModelError, streamChat, type ChatMessage, type ModelSettings } from './model/openai-compatible';
import { systemPrompt } from './prompts';

export type AssistantEvent =
  | { type: 'start'; kind: AnswerKind; source: 'engine' | 'model' }
  | { type: 'delta'; text: string }
  | { type: 'sentence'; index: number; text: string }
  | { type: 'done'; kind: AnswerKind; text: string; question: string; source: 'engine' | 'model'; fallback: boolean; cited: AnswerSource | null };

export interface AssistantInput {
  message: string;
  history: Turn[];
  mode: Mode;
}

const TURN_CHARS = 1500;

/**
 * One answer, end to end: the plan (clarifying gate, urgency, grounding), then the configured language
 * model or the built-in engine, always through the answer guard. The model streams; when it fails after
 * its retries, the built-in engine answers where it has a confident match, else the mapped error is
 * thrown (a ModelError with the spec's message). Used by the API endpoint and by `npm run ask`/`eval`.
 */
export class Assistant {
  constructor(
    readonly engine: AnswerEngine,
    private readonly model: ModelSettings | null,
    private readonly log?: FastifyBaseLogger,
  ) {}

  get usesModel(): boolean {
    return this.model !== null;
  }

  plan(input: AssistantInput): Plan {
    return this.engine.plan(input.message, input.history, input.mode);
  }

  async *answer(input: AssistantInput, signal?: AbortSignal): AsyncGenerator<AssistantEvent> {
    const plan = this.plan(input);
    const builtIn = this.engine.compose(plan);
    // The answer names the entry it was grounded on, for the built-in engine and the model alike.
    const cited = builtIn.kind === 'answer' || builtIn.kind === 'urgent' ? this.engine.sourceOf(plan) : null;
    // The clarifying questions, the off-topic redirect and "no reliable information" are deterministic:
    // no model call (a model with nothing reliable to ground it would guess).
    const useModel = this.model !== null && (plan.kind === 'answer' || plan.kind === 'urgent');
    const guard = new AnswerGuard({
      mode: input.mode,
      forms: builtIn.forms.slice(0, 2),
      closing: builtIn.sentences.at(-1) ?? '',
      fillers: builtIn.sentences.filter((s) => !isClosing(s)),
      guestFallback: builtIn.sentences[0] ?? '',
      ...(plan.kind === 'clarify' ? { minSentences: 2, maxSentences: 2 } : {}),
      ...(plan.kind === 'offtopic' ? { minSentences: 1, maxSentences: 2 } : {}),
    });

    if (!useModel) {
      yield { type: 'start', kind: builtIn.kind, source: 'engine' };
      // The built-in answer already follows every rule: it goes out sentence by sentence.
      for (const [index, sentence] of builtIn.sentences.entries()) {
        yield { type: 'delta', text: index === 0 ? sentence : ` ${sentence}` };
        yield { type: 'sentence', index, text: sentence };
      }
      yield { type: 'done', kind: builtIn.kind, text: builtIn.text, question: plan.question, source: 'engine', fallback: false, cited };
      return;
    }

    yield { type: 'start', kind: plan.kind, source: 'model' };
    const controller = new AbortController();
    const abort = () => controller.abort(signal?.reason);
    signal?.addEventListener('abort', abort, { once: true });
    let sentenceIndex = 0;
    let sent = false;
    try {
      for await (const delta of streamChat(this.model!, this.messages(input, plan), controller.signal)) {
        const out = guard.push(delta);
        if (out.emit) {
          sent = true;
          yield { type: 'delta', text: out.emit };
        }
        for (const sentence of out.sentences) yield { type: 'sentence', index: sentenceIndex++, text: sentence };
        if (out.done) {
          controller.abort();
          break;
        }
      }
    } catch (error) {
      if (signal?.aborted) throw error;
      if (!(error instanceof ModelError)) throw error;
      this.log?.warn({ kind: error.kind, detail: error.detail }, 'language model failed');
      if (!sent) {
        if (!plan.confident) throw error;
        // The built-in engine answers instead (decisions D3).
        for (const [index, sentence] of builtIn.sentences.entries()) {
          yield { type: 'delta', text: index === 0 ? sentence : ` ${sentence}` };
          yield { type: 'sentence', index, text: sentence };
        }
        yield { type: 'done', kind: builtIn.kind, text: builtIn.text, question: plan.question, source: 'engine', fallback: true, cited };
        return;
      }
      // Text already went out: the guard completes it from the built-in answer.
    } finally {
      signal?.removeEventListener('abort', abort);
    }
    const end = guard.end();
    if (end.emit) yield { type: 'delta', text: end.emit };
    for (const sentence of end.sentences) yield { type: 'sentence', index: sentenceIndex++, text: sentence };
    yield { type: 'done', kind: plan.kind, text: guard.text, question: plan.question, source: 'model', fallback: false, cited };
  }

  private messages(input: AssistantInput, plan: Plan): ChatMessage[] {
    const lastAssistant = [...input.history].reverse().find((t) => t.role === 'assistant');
    const clarified = !!lastAssistant && this.engine.isClarification(lastAssistant.content);
    const history = input.history.slice(-LIMITS.historyMaxTurns).map((t) => ({ role: t.role, content: t.content.slice(0, TURN_CHARS) }));
    const closing = this.engine.compose(plan).sentences.at(-1) ?? '';
    return [
      { role: 'system', content: systemPrompt(input.mode, plan, closing, clarified || !!plan.pathway) },
      ...history,
      { role: 'user', content: input.message },
    ];
  }

  /** The whole answer as text (for the command line and the evaluation). */
  async collect(
    input: AssistantInput,
    signal?: AbortSignal,
  ): Promise<{ kind: AnswerKind; text: string; sentences: string[]; source: string; fallback: boolean }> {
    const sentences: string[] = [];
    let done: Extract<AssistantEvent, { type: 'done' }> | undefined;
    for await (const event of this.answer(input, signal)) {
      if (event.type === 'sentence') sentences.push(event.text);
      if (event.type === 'done') done = event;
    }
    return { kind: done!.kind, text: done!.text, sentences, source: done!.source, fallback: done!.fallback };
  }
}

import { firstSentenceEnd, spellOutUnitedStates } from './sentences';

/**
 * The answer guard (decisions D4): every answer, whoever writes it, reaches the user with "Estados
 * Unidos" written out, never calling itself a lawyer, in 3 to 5 sentences (one in the guest demo, not
 * a question), naming the form, and closing with the sentence that says it is general information and
 * that the forms are in the Documentos section.
 *
 * It streams: text goes out as soon as it is safe (a word or two held back only while it could still
 * become "EE.UU." or "soy abogado"), and it tells the caller when the model can be stopped.
 */
export interface GuardOptions {
  mode: 'user' | 'guest';
  /** Forms the answer must name (from the plan); the closing sentence names them when the model did not. */
  forms: string[];
  /** The closing sentence (decisions D4), added when the model did not write one. */
  closing: string;
  /** Sentences to complete a too-short answer, in order (from the built-in engine). */
  fillers: string[];
  /** The guest demo's sentence when the model's first sentence is unusable (a question). */
  guestFallback: string;
  maxSentences?: number;
  minSentences?: number;
}

export interface GuardOutput {
  /** Text to send to the user now. */
  emit: string;
  /** Sentences completed by this step, in their final form. */
  sentences: string[];
  /** The answer is complete: stop reading the model. */
  done: boolean;
}

const SELF_LAWYER: Array<[RegExp, string]> = [
  [/\b(yo )?soy (un |una |tu )?abogad[oa]s?( de inmigraci[oó]n)?\b/gi, 'no soy abogado, soy tu guía de inmigración'],
  [/\bcomo (tu |un |una )?abogad[oa]( de inmigraci[oó]n)?\b/gi, 'como tu guía de inmigración'],
  [/\b(te )?habla (tu |un |una )?abogad[oa]( de inmigraci[oó]n)?\b/gi, 'te habla tu guía de inmigración'],
];

/** A tail that could still grow into "EE.UU." or a lawyer self-description is held back. */
const LAWYER_TAIL = '( (un|una|tu))?( abogad\\w*( de( inmigraci\\w*)?)?)?';
const RISKY_TAIL = new RegExp(
  `(^|\\s)((yo )?soy${LAWYER_TAIL}|como${LAWYER_TAIL}|(te )?habla${LAWYER_TAIL}|abogad\\w*( de( inmigraci\\w*)?)?|E[.\\s]*(E[.\\s]*(U[.\\s]*(U\\.?)?)?)?|E\\.(U\\.?(A\\.?)?)?|EUA?)$`,
  'i',
);

/** A closing sentence says both things: general information, and the Documentos section. */
const CLOSING_PATTERN = /secci[oó]n (de )?Documentos/i;
const GENERAL_INFORMATION = /informaci[oó]n general/i;
export const isClosing = (sentence: string) => CLOSING_PATTERN.test(sentence) && GENERAL_INFORMATION.test(sentence);

export function rewriteForUser(text: string): string {
  let result = spellOutUnitedStates(text);
  for (const [pattern, replacement] of SELF_LAWYER) {
    result = result.replace(pattern, (match) => (/^[A-ZÁÉÍÓÚ]/.test(match) ? replacement.charAt(0).toUpperCase() + replacement.slice(1) : replacement));
  }
  return result;
}

export function isSelfDescribedLawyer(text: string): boolean {
  return SELF_LAWYER.some(([pattern]) => new RegExp(pattern.source, 'i').test(text));
}

export class AnswerGuard {
  private readonly max: number;
  private readonly min: number;
  private current = '';
  /** Characters of `current` already sent. */
  private sentOfCurrent = 0;
  private readonly done: string[] = [];
  private finished = false;
  private sawReminder = false;

  constructor(private readonly options: GuardOptions) {
    this.max = options.mode === 'guest' ? 1 : (options.maxSentences ?? 5);
    this.min = options.mode === 'guest' ? 1 : (options.minSentences ?? 3);
  }

  get sentences(): string[] {
    return [...this.done];
  }

  get text(): string {
    return this.done.join(' ');
  }

  push(delta: string): GuardOutput {
    if (this.finished) return { emit: '', sentences: [], done: true };
    // Complete abbreviations are written out before sentences are cut (what was sent is final already).
    this.current = this.current.slice(0, this.sentOfCurrent) + spellOutUnitedStates(this.current.slice(this.sentOfCurrent) + delta, true);
    let emit = '';
    const completed: string[] = [];
    for (;;) {
      const end = firstSentenceEnd(this.current);
      if (end < 0) break;
      const raw = this.current.slice(0, end);
      this.current = this.current.slice(end);
      const sentOfRaw = this.sentOfCurrent;
      this.sentOfCurrent = 0;
      const out = this.completeSentence(raw.trim(), sentOfRaw);
      emit += out.emit;
      completed.push(...out.sentences);
      if (this.finished) return { emit, sentences: completed, done: true };
    }
    emit += this.emitSafePartial();
    return { emit, sentences: completed, done: false };
  }

  /** The model finished (or failed after some text): flush, then repair what the rules require. */
  end(): GuardOutput {
    let emit = '';
    const completed: string[] = [];
    if (!this.finished && this.current.trim()) {
      const raw = this.current.trim();
      const sentOfRaw = this.sentOfCurrent;
      this.current = '';
      this.sentOfCurrent = 0;
      const out = this.completeSentence(/[.!?…]$/.test(raw) ? raw : `${raw}.`, sentOfRaw);
      emit += out.emit;
      completed.push(...out.sentences);
    }
    const add = (sentence: string) => {
      emit += `${this.done.length ? ' ' : ''}${sentence}`;
      this.done.push(sentence);
      completed.push(sentence);
    };
    if (this.options.mode === 'guest') {
      if (this.done.length === 0) add(this.options.guestFallback);
    } else if (!this.finished || this.done.length < this.max) {
      const text = this.done.join(' ');
      const needReminder = !this.sawReminder || this.options.forms.some((form) => !text.includes(form));
      const fillers = this.options.fillers.filter((f) => !this.done.includes(f));
      while (this.done.length + (needReminder ? 1 : 0) < this.min && fillers.length) add(fillers.shift()!);
      if (needReminder && this.done.length < this.max) add(this.options.closing);
    }
    this.finished = true;
    return { emit, sentences: completed, done: true };
  }

  private completeSentence(raw: string, alreadySent: number): GuardOutput {
    const sentence = rewriteForUser(raw);
    const unsent = rewriteForUser(raw.slice(alreadySent));
    const separator = this.done.length > 0 && alreadySent === 0 ? ' ' : '';

    if (this.options.mode === 'guest') {
      // One informative sentence, never a question.
      const final = sentence.trim().endsWith('?') ? this.options.guestFallback : sentence;
      this.done.push(final);
      this.finished = true;
      return { emit: final === sentence ? unsent : final, sentences: [final], done: true };
    }

    const isReminder = isClosing(sentence) && this.options.forms.every((form) => sentence.includes(form));
    // The last place is for the reminder when none has come yet.
    if (this.done.length === this.max - 1 && !this.sawReminder && !isReminder) {
      const reminder = this.options.closing;
      this.done.push(reminder);
      this.sawReminder = true;
      this.finished = true;
      return { emit: `${this.done.length > 1 ? ' ' : ''}${reminder}`, sentences: [reminder], done: true };
    }
    if (isReminder) this.sawReminder = true;
    this.done.push(sentence);
    // The closing sentence ends the answer once it is long enough.
    if (this.done.length >= this.max || (isReminder && this.done.length >= this.min)) this.finished = true;
    return { emit: `${separator}${unsent}`, sentences: [sentence], done: this.finished };
  }

  /** Sends the in-progress sentence up to what is safe, unless this sentence must be held whole. */
  private emitSafePartial(): string {
    // Guest answers and a would-be last sentence are decided only once complete.
    if (this.options.mode === 'guest') return '';
    if (this.done.length === this.max - 1 && !this.sawReminder) return '';
    const unsent = this.current.slice(this.sentOfCurrent);
    // Only whole words go out (the last word may still be growing).
    const lastSpace = unsent.search(/\s\S*$/);
    if (lastSpace <= 0) return '';
    let stable = unsent.slice(0, lastSpace);
    const risky = RISKY_TAIL.exec(stable);
    if (risky && risky[0].trim()) stable = stable.slice(0, risky.index);
    if (!stable.trim()) return '';
    const first = this.sentOfCurrent === 0;
    this.sentOfCurrent += stable.length;
    return `${first && this.done.length > 0 ? ' ' : ''}${rewriteForUser(stable)}`;
  }
}

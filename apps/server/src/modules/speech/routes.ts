import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import {
  DEFAULT_VOICE_ID,
  LIMITS,
  speechConfigResponse,
  TRANSCRIBE_AUDIO_TYPES,
  TRANSCRIBE_MAX_BYTES,
  transcribeQuery,
  transcribeResponse,
  ttsRequest,
  type TranscribeAudioType,
} from '@camino/contracts';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import { AppError } from '../../lib/errors';
import type { RateLimiter } from '../../lib/rate-limiter';
import type { ConversationService } from '../assistant';
import { currentIdentity } from '../assistant';
import { ModelError, transcribe } from '../assistant';
import type { Auth } from '../auth';
import type { ProfileService } from '../profiles';
import { speak, TTS_CODES, TtsError } from './elevenlabs';
import { providerVoice } from './voices';
import { mediaResponse } from '../../plugins/route-schemas';

const HOUR = 3600;

/** The file name the transcription API gets, by the recording's type (it guesses the format from it). */
const FILE_EXTENSIONS: Record<TranscribeAudioType, string> = {
  'audio/webm': 'webm',
  'audio/ogg': 'ogg',
  'audio/mp4': 'mp4',
  'audio/mpeg': 'mp3',
  'audio/wav': 'wav',
};

type Speaker = { type: 'user'; userId: string; key: string } | { type: 'guest'; guestId: string; key: string };

/**
 * Voice (spec sections 7 and 8 "Text-to-speech", decisions D2): the server speaks the answers with
 * ElevenLabs and transcribes recorded questions with an OpenAI-compatible API, so no key reaches the
 * browser. Without those providers the browser's own speech is used; GET /speech/config says which.
 * Neither the text spoken nor the transcript is ever logged.
 */
export const speechRoutes =
  ({
    auth,
    config,
    conversation,
    profiles,
    rateLimiter,
  }: {
    auth: Auth;
    config: Config;
    conversation: ConversationService;
    profiles: ProfileService;
    rateLimiter: RateLimiter;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    // Recorded audio arrives as the raw body (only in this plugin's routes).
    app.addContentTypeParser([...TRANSCRIBE_AUDIO_TYPES], { parseAs: 'buffer', bodyLimit: TRANSCRIBE_MAX_BYTES }, (_request, body, done) => done(null, body));
    // A recording over the limit gets its own message; every other error goes on to the app's handler.
    app.setErrorHandler((error: FastifyError, request) => {
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' && request.routeOptions.url?.endsWith('/speech/transcribe')) throw new AppError('STT_AUDIO_TOO_LARGE');
      throw error;
    });

    /**
     * Who may use the voice: a signed-in user (mode user), or a guest while the demo is in use: the
     * guest cookie of the assistant routes must exist and `guestAllowed` accept the questions used.
     */
    async function speaker(
      request: FastifyRequest,
      mode: 'user' | 'guest',
      guestAllowed: (used: number, answering: () => Promise<boolean>) => Promise<boolean> | boolean,
    ): Promise<Speaker> {
      const identity = await currentIdentity(auth, request, mode);
      if (!identity) throw new AppError('SPEECH_NOT_ALLOWED');
      if (identity.type === 'user') return { type: 'user', userId: identity.userId, key: `user:${identity.userId}` };
      const { used } = await conversation.usage(identity);
      if (!(await guestAllowed(used, () => conversation.isAnswering(identity)))) throw new AppError('SPEECH_NOT_ALLOWED');
      return { type: 'guest', guestId: identity.guestId, key: `guest:${identity.guestId}` };
    }

    /** What costs money is rate limited per person and per address. */
    function limit(kind: 'tts' | 'stt', who: Speaker, ip: string): Promise<void> {
      return rateLimiter.consume(
        { key: `${kind}:${who.key}`, max: 120, windowSeconds: HOUR, message: 'Usaste la voz muchas veces seguidas. Espera un momento e inténtalo de nuevo.' },
        {
          key: `${kind}:ip:${ip}`,
          max: 300,
          windowSeconds: HOUR,
          message: 'Demasiadas solicitudes de voz desde esta conexión. Espera un momento e inténtalo de nuevo.',
        },
      );
    }

    /** Aborted when the client goes away before the answer is complete. */
    function clientGone(reply: FastifyReply): AbortSignal {
      const controller = new AbortController();
      reply.raw.on('close', () => {
        if (!reply.raw.writableFinished) controller.abort(new DOMException('The client went away', 'AbortError'));
      });
      return controller.signal;
    }

    app.get('/speech/config', { schema: { response: { 200: speechConfigResponse } } }, async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { tts: config.tts ? ('server' as const) : ('browser' as const), transcription: config.stt !== null };
    });

    /**
     * Speaks a text (an answer, or one sentence of it) with the caller's voice; the MP3 streams back as
     * the provider produces it. 409 TTS_NOT_CONFIGURED tells the browser to speak by itself.
     */
    app.post(
      '/speech/tts',
      {
        schema: { body: ttsRequest, response: { 200: mediaResponse('audio/mpeg', 'The spoken text, streamed as the provider produces it.') } },
        compress: false,
      },
      async (request, reply) => {
        const tts = config.tts;
        if (!tts) throw new AppError('TTS_NOT_CONFIGURED');
        const { text, mode } = request.body;
        // A guest hears the demo's answers: from the first one (its sentences are spoken while it streams,
        // before it counts as used) to the last one.
        const who = await speaker(
          request,
          mode,
          async (used, answering) => (used >= 1 && used <= LIMITS.guestQuestions) || (used < LIMITS.guestQuestions && (await answering())),
        );
        await limit('tts', who, request.ip);
        const voice = who.type === 'user' ? (await profiles.get(who.userId)).voiceId : DEFAULT_VOICE_ID;

        const signal = clientGone(reply);
        let audio: ReadableStream<Uint8Array>;
        try {
          audio = await speak(tts, { text, voiceId: providerVoice(tts.voices, voice) }, signal);
        } catch (error) {
          if (signal.aborted) {
            request.log.info('the client left before the audio started');
            return reply.hijack();
          }
          if (error instanceof TtsError) {
            // The spec's "error with the status and body", minus anything private: no key, no text, no provider message.
            request.log.warn(
              { provider: 'elevenlabs', status: error.status, providerStatus: error.providerStatus, detail: error.detail },
              'text-to-speech failed',
            );
            throw new AppError(TTS_CODES[error.kind]);
          }
          throw error;
        }
        request.log.info({ voice, chars: text.length, who: who.type }, 'speaking');
        reply.header('content-type', 'audio/mpeg');
        reply.header('cache-control', 'no-store');
        // Piped as it arrives; if the client leaves, Fastify destroys this stream, which cancels the download.
        return reply.send(Readable.fromWeb(audio as NodeReadableStream<Uint8Array>));
      },
    );

    /** Turns a recorded question (the raw audio body) into text. */
    app.post(
      '/speech/transcribe',
      { schema: { querystring: transcribeQuery, response: { 200: transcribeResponse } }, bodyLimit: TRANSCRIBE_MAX_BYTES },
      async (request, reply) => {
        const stt = config.stt;
        if (!stt) throw new AppError('STT_NOT_CONFIGURED');
        // A guest records while the demo still has questions left.
        const who = await speaker(request, request.query.mode, (used) => used < LIMITS.guestQuestions);
        const audio = request.body;
        const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase() as TranscribeAudioType;
        if (!Buffer.isBuffer(audio) || audio.length === 0 || !(type in FILE_EXTENSIONS)) throw new AppError('STT_NO_AUDIO');
        await limit('stt', who, request.ip);

        const signal = clientGone(reply);
        let text: string;
        try {
          text = await transcribe(stt, { data: audio, filename: `audio.${FILE_EXTENSIONS[type]}`, contentType: type }, signal);
        } catch (error) {
          if (signal.aborted) {
            request.log.info('the client left before the transcript was ready');
            return reply.hijack();
          }
          if (error instanceof ModelError) {
            request.log.warn({ provider: 'stt', status: error.status, detail: error.detail }, 'transcription failed');
            throw new AppError('STT_ERROR', error.message);
          }
          throw error;
        }
        const trimmed = text.trim();
        if (!trimmed) throw new AppError('STT_EMPTY');
        request.log.info({ bytes: audio.length, type, who: who.type }, 'transcribed');
        reply.header('cache-control', 'no-store');
        return { text: trimmed };
      },
    );
  };

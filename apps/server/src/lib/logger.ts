import type { FastifyRequest } from 'fastify';
import type { Config } from '../config';

/**
 * pino options. Nothing a person typed or was sent reaches a log line (decisions D11, issue 13): request
 * bodies are never logged; query strings are cut from URLs because signed links carry tokens; cookies
 * and authorization headers are removed; errors go through `safeError`, which drops the query
 * parameters and the database's own message (both can hold a question, a password hash or a reason).
 */
export function loggerOptions(config: Config, stream?: NodeJS.WritableStream) {
  return {
    level: config.logLevel,
    ...(stream ? { stream } : {}),
    redact: {
      paths: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
      remove: true,
    },
    serializers: {
      req(request: FastifyRequest) {
        return { method: request.method, url: request.url.split('?')[0] };
      },
      err: (error: unknown) => safeError(error),
      error: (error: unknown) => safeError(error),
    },
  };
}

type Loggable = Record<string, unknown>;
type LoggedError = { [key: string]: unknown; type: string; message: string; stack: string };

/** A database error from either driver (pg's DatabaseError, PGlite's): it has a SQLSTATE and a severity. */
function isDatabaseError(error: Loggable): boolean {
  return typeof error.code === 'string' && /^[0-9A-Z]{5}$/.test(error.code) && 'severity' in error;
}

/** drizzle's DrizzleQueryError (and anything else carrying the statement's parameters). */
function isQueryError(error: Loggable): boolean {
  return 'params' in error || 'query' in error;
}

/**
 * What a log line may say about an error: its type, code, the database's SQLSTATE with the table and
 * constraint names, and the stack frames. Never the message of a failed query (it lists the
 * parameters), a database error's message or detail (they quote values), or the query text.
 */
export function safeError(error: unknown, depth = 0): LoggedError {
  if (typeof error !== 'object' || error === null) return { type: typeof error, message: '', stack: '' };
  const e = error as Loggable & Partial<Error>;
  const type = (e.constructor as { name?: string } | undefined)?.name ?? 'Object';
  const database = isDatabaseError(e);
  const query = isQueryError(e);
  const out: LoggedError = { type, message: '', stack: '' };
  if (database) {
    out.message = 'database error';
    out.code = e.code;
    for (const key of ['table', 'column', 'constraint', 'routine'] as const) if (typeof e[key] === 'string') out[key] = e[key];
  } else if (query) {
    out.message = 'query failed (parameters not logged)';
  } else {
    out.message = typeof e.message === 'string' ? scrub(e.message) : '';
    if (typeof e.code === 'string' || typeof e.code === 'number') out.code = e.code;
    if (typeof e.statusCode === 'number') out.statusCode = e.statusCode;
  }
  if (typeof e.stack === 'string')
    out.stack = e.stack
      .split('\n')
      .filter((line) => line.startsWith('    at '))
      .join('\n');
  if (e.cause !== undefined && depth < 3) out.cause = safeError(e.cause, depth + 1);
  return out;
}

/** Masks what looks like an e-mail, a phone number or a long token in a free-text message. */
export function scrub(text: string): string {
  if (/failed query|params:/i.test(text)) return 'query failed (parameters not logged)';
  return text
    .slice(0, 300)
    .replace(/[^\s@"'<>]+@[^\s@"'<>]+/g, '[email]')
    .replace(/\+?\d[\d\s().-]{7,}\d/g, '[number]')
    .replace(/[A-Za-z0-9_-]{24,}/g, '[token]');
}

type ConsoleMethod = 'error' | 'warn' | 'log' | 'info' | 'debug';
const CONSOLE_LEVELS: Record<ConsoleMethod, 'error' | 'warn' | 'info' | 'debug'> = { error: 'error', warn: 'warn', log: 'info', info: 'info', debug: 'debug' };

/**
 * Libraries that print to the console (better-auth's adapter prints a failed query with its parameters
 * on console.error) go through the logger instead, with the same redaction. Returns the restore.
 */
export function routeConsoleToLogger(log: { [K in 'error' | 'warn' | 'info' | 'debug']: (obj: object, msg: string) => void }): () => void {
  const original = Object.fromEntries((Object.keys(CONSOLE_LEVELS) as ConsoleMethod[]).map((m) => [m, console[m]])) as Record<
    ConsoleMethod,
    (...args: unknown[]) => void
  >;
  for (const method of Object.keys(CONSOLE_LEVELS) as ConsoleMethod[]) {
    console[method] = (...args: unknown[]) => {
      const err = args.find((arg) => arg instanceof Error || (typeof arg === 'object' && arg !== null && ('params' in arg || 'severity' in arg)));
      const text = args.filter((arg) => typeof arg === 'string').join(' ');
      log[CONSOLE_LEVELS[method]]({ source: 'console', ...(err ? { err } : {}) }, scrub(text || (err ? 'error' : '')));
    };
  }
  return () => Object.assign(console, original);
}

import { ERROR_MESSAGES, isErrorBody, type ErrorCode } from '@camino/contracts';

/** An API error with the server's code and its user-facing message. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | 'NETWORK',
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

const NETWORK_MESSAGE = 'No hay conexión con el servidor. Revisa tu internet e inténtalo de nuevo.';

export async function apiFetch(path: string, init: RequestInit = {}): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(path, { credentials: 'same-origin', ...init });
  } catch {
    throw new ApiError(0, 'NETWORK', NETWORK_MESSAGE);
  }
  if (!response.ok) throw await toApiError(response);
  return response;
}

export async function toApiError(response: Response): Promise<ApiError> {
  const body: unknown = await response.json().catch(() => null);
  if (isErrorBody(body)) return new ApiError(response.status, body.error.code, body.error.message, body.error.fields);
  const code: ErrorCode = response.status === 429 ? 'RATE_LIMITED' : response.status >= 500 ? 'INTERNAL' : 'BAD_REQUEST';
  return new ApiError(response.status, code, ERROR_MESSAGES[code]);
}

/** JSON request helper: `api.get<T>('/api/x')`, `api.post<T>('/api/x', body)`. */
export const api = {
  async get<T>(path: string, init?: RequestInit): Promise<T> {
    const response = await apiFetch(path, { ...init, headers: { accept: 'application/json', ...init?.headers } });
    return (await response.json()) as T;
  },
  async send<T>(method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, body?: unknown): Promise<T> {
    const response = await apiFetch(path, {
      method,
      headers: { accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (response.status === 204) return undefined as T;
    const text = await response.text();
    return (text ? JSON.parse(text) : undefined) as T;
  },
  post<T>(path: string, body?: unknown): Promise<T> {
    return this.send<T>('POST', path, body);
  },
  /** POST of a binary body (recorded audio). */
  async sendRaw<T>(path: string, body: Blob, contentType: string): Promise<T> {
    const response = await apiFetch(path, { method: 'POST', headers: { accept: 'application/json', 'content-type': contentType }, body });
    return (await response.json()) as T;
  },
};

import { createHmac, timingSafeEqual } from 'node:crypto';
import { DOCUMENTS_BUCKET } from './storage/storage';

/** Where signed links point: a route of our own server (GET /api/files/documents/:name). */
export const FILES_PATH = `/api/files/${DOCUMENTS_BUCKET}`;

export type LinkCheck = 'ok' | 'invalid' | 'expired';

/**
 * Signed download links (spec call 17: "create a signed URL ... 3600 s"). The signature is an
 * HMAC-SHA256, in hex, over `documents/<name>:<expires>` with a key derived from AUTH_SECRET, so a link
 * names one file until one instant and nothing else; changing either breaks it. No state is kept.
 */
export class UrlSigner {
  private readonly key: Buffer;

  constructor(authSecret: string) {
    // A key of its own, so a signature made here is never valid anywhere else AUTH_SECRET is used.
    this.key = createHmac('sha256', authSecret).update('camino-claro/documents/signed-url/v1').digest();
  }

  signature(name: string, expires: number): string {
    return createHmac('sha256', this.key).update(`${DOCUMENTS_BUCKET}/${name}:${expires}`).digest('hex');
  }

  /** A same-origin path valid until `expires` (unix seconds). */
  sign(name: string, expires: number): string {
    return `${FILES_PATH}/${encodeURIComponent(name)}?expires=${expires}&signature=${this.signature(name, expires)}`;
  }

  /** Checks a link's signature (in constant time), then its expiry. */
  verify(name: string, expires: string | undefined, signature: string | undefined, nowSeconds = Math.floor(Date.now() / 1000)): LinkCheck {
    if (!expires || !signature || !/^\d{1,12}$/.test(expires) || !/^[0-9a-f]{64}$/i.test(signature)) return 'invalid';
    const expected = Buffer.from(this.signature(name, Number(expires)), 'hex');
    const given = Buffer.from(signature, 'hex');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
    return Number(expires) < nowSeconds ? 'expired' : 'ok';
  }
}

/**
 * A page stored at install, as served offline. Its body was decoded when it was fetched, so its encoding
 * headers go; the rest (its policy among them) is served as the server sent it. Pages carry no nonce
 * (docs/decisions/0068), so a stored copy is as valid as a fresh one.
 */
export function asServed(page: Response): Response {
  const headers = new Headers(page.headers);
  headers.delete('content-encoding');
  headers.delete('content-length');
  return new Response(page.body, { status: page.status, statusText: page.statusText, headers });
}

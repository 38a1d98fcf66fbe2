// Helpers for the documents tests (not imported by the server).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inflateSync } from 'node:zlib';
import { PDFArray, PDFDocument, PDFName, PDFRawStream, type PDFPage } from 'pdf-lib';
import type { Readable } from 'node:stream';

export function tempDir(prefix = 'camino-docs-'): { dir: string; remove(): void } {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/** A small, valid PDF with one line of text. */
export async function samplePdf(text = 'Formulario de prueba'): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.addPage([300, 200]).drawText(text, { x: 20, y: 100, size: 12 });
  return doc.save();
}

function pageStreams(page: PDFPage): Uint8Array[] {
  const contents = page.node.Contents();
  const streams = contents instanceof PDFArray ? contents.asArray().map((ref) => page.doc.context.lookup(ref)) : [contents];
  return streams
    .filter((s): s is PDFRawStream => s instanceof PDFRawStream)
    .map((s) => (String(s.dict.get(PDFName.of('Filter'))) === '/FlateDecode' ? inflateSync(s.contents) : s.contents));
}

/** Windows-1252 bytes 0x80-0x9f (Node's TextDecoder treats them as Latin-1 control characters). */
const CP1252 = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';
function decodeWinAnsi(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => (b >= 0x80 && b <= 0x9f ? CP1252[b - 0x80]! : String.fromCharCode(b))).join('');
}

/**
 * The text a PDF made with pdf-lib's standard fonts shows, page by page: the hex strings of its text
 * operators, decoded as WinAnsi (Windows-1252), one line per operator.
 */
export async function pdfText(bytes: Uint8Array): Promise<{ pages: number; title: string | undefined; text: string }> {
  const doc = await PDFDocument.load(bytes);
  const lines: string[] = [];
  for (const page of doc.getPages()) {
    for (const stream of pageStreams(page)) {
      const content = Buffer.from(stream).toString('latin1');
      for (const match of content.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)) lines.push(decodeWinAnsi(Buffer.from(match[1]!, 'hex')));
    }
  }
  return { pages: doc.getPageCount(), title: doc.getTitle(), text: lines.join('\n') };
}

/**
 * A real S3-compatible server (the s3rver package) in a child process, on a free local port, with a
 * bucket named documents. s3rver signs list continuation tokens with DES, which OpenSSL 3 keeps in its
 * legacy provider: the child runs with --openssl-legacy-provider, the test process stays as it is.
 */
export async function startS3Server(directory: string): Promise<{ endpoint: string; stop(): Promise<void> }> {
  const entry = createRequire(import.meta.url).resolve('s3rver');
  const script = `
    const S3rver = require(${JSON.stringify(entry)});
    const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: ${JSON.stringify(directory)}, configureBuckets: [{ name: 'documents', configs: [] }] });
    server.run().then((address) => console.log('S3RVER_PORT=' + address.port));
    process.on('SIGTERM', () => server.close().finally(() => process.exit(0)));
    process.on('disconnect', () => process.exit(0));
  `;
  const child = spawn(process.execPath, ['--openssl-legacy-provider', '-e', script], { stdio: ['ignore', 'pipe', 'pipe', 'ipc'] });
  const output: string[] = [];
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`s3rver did not start:\n${output.join('')}`)), 15_000);
    child.stderr!.on('data', (chunk) => output.push(String(chunk)));
    child.stdout!.on('data', (chunk) => {
      output.push(String(chunk));
      const match = /S3RVER_PORT=(\d+)/.exec(output.join(''));
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`s3rver exited (${code}):\n${output.join('')}`));
    });
  });
  return {
    endpoint: `http://127.0.0.1:${port}`,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

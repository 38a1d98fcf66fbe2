#!/usr/bin/env node
// Figures (documents): the guide seeding at start-up (first start: every guide generated and stored;
// second start: every guide regenerated and found unchanged), then GET /api/documents throughput and
// latency, 50 connections for 10 s (autocannon), and the download path (signed link + file) one at a
// time; on the built server with the embedded database and local storage.
//
// The API's per-address limit (600 requests a minute) would turn a one-address benchmark into 429s:
// the server trusts X-Forwarded-For here (TRUST_PROXY=true) and each request comes from one of 1,000
// addresses, so the limiter still runs on every request, as in production behind a load balancer.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { percentile, startServer } from './lib.mjs';

const port = 3907;
let address = 0;
const nextAddress = () => {
  address = (address + 1) % 1000;
  return `10.${(address >> 8) & 255}.${address & 255}.1`;
};

/** Waits for the seeding's log line and returns its figures. */
async function seeding(server, timeoutMs = 60_000) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    for (const line of server.logs.join('').split('\n')) {
      if (!line.includes('document guides')) continue;
      const entry = JSON.parse(line);
      if (!entry.guides) throw new Error(`seeding failed: ${line}`);
      return entry.guides;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no seeding log line within ${timeoutMs} ms\n${server.logs.join('')}`);
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'camino-bench-docs-'));
try {
  // The seeding's figures come from its log line (info level); the load runs at warn, like health.mjs.
  let server = await startServer({ port, dataDir, env: { LOG_LEVEL: 'info' } });
  const first = await seeding(server);
  await server.stop({ keepData: true });
  server = await startServer({ port, dataDir, env: { LOG_LEVEL: 'info' } });
  const second = await seeding(server);
  await server.stop({ keepData: true });
  console.log(
    `Guide seeding: first start ${first.created} guides generated and stored in ${first.ms} ms; ` +
      `second start ${second.unchanged} regenerated, found unchanged, in ${second.ms} ms`,
  );

  server = await startServer({ port, dataDir, env: { LOG_LEVEL: 'warn', TRUST_PROXY: 'true' } });
  // Let this start's own (unchanged) seeding finish before loading the server.
  await new Promise((resolve) => setTimeout(resolve, Math.max(2000, 2 * second.ms)));
  try {
    const url = `${server.url}/api/documents`;
    const listed = await (await fetch(url, { headers: { 'x-forwarded-for': nextAddress() } })).json();
    const bytes = JSON.stringify(listed).length;
    const options = {
      url,
      connections: 50,
      requests: [{ setupRequest: (request) => ({ ...request, headers: { ...request.headers, 'x-forwarded-for': nextAddress() } }) }],
    };
    await autocannon({ ...options, duration: 2 }); // warm-up
    const result = await autocannon({ ...options, duration: 10 });
    console.log(
      `GET /api/documents (${listed.documents.length} documents, ${(bytes / 1024).toFixed(1)} KB JSON), 50 connections, 10 s: ` +
        `${Math.round(result.requests.average)} requests/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, errors ${result.errors + result.non2xx}`,
    );

    // The download path, one at a time: a signed link (rate limit, catalog row, bucket listing), then the file.
    const guide = listed.documents.find((d) => d.filename === 'GUIA-I-485.pdf');
    const linkMs = [];
    const fileMs = [];
    for (let i = 0; i < 200; i++) {
      const headers = { 'x-forwarded-for': nextAddress() };
      let t = performance.now();
      const link = await fetch(`${server.url}/api/documents/${guide.id}/download`, { method: 'POST', headers });
      if (!link.ok) throw new Error(`download link: ${link.status} ${await link.text()}`);
      const { url: fileUrl } = await link.json();
      linkMs.push(performance.now() - t);
      t = performance.now();
      const file = await fetch(`${server.url}${fileUrl}`, { headers });
      const body = await file.arrayBuffer();
      if (!file.ok || body.byteLength !== guide.sizeBytes) throw new Error(`file: ${file.status}`);
      fileMs.push(performance.now() - t);
    }
    const f = (values, p) => percentile(values, p).toFixed(1);
    console.log(
      `Download, one at a time, 200 times: signed link p50 ${f(linkMs, 50)} ms, p99 ${f(linkMs, 99)} ms; ` +
        `file (${(guide.sizeBytes / 1024).toFixed(1)} KB) p50 ${f(fileMs, 50)} ms, p99 ${f(fileMs, 99)} ms`,
    );
  } finally {
    await server.stop({ keepData: true });
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

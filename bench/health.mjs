#!/usr/bin/env node
// Figure (issue 2): GET /api/health throughput and latency, 50 connections for 10 s (autocannon),
// on the built server with the embedded database.
import autocannon from 'autocannon';
import { startServer } from './lib.mjs';

const server = await startServer({ port: 3903, env: { LOG_LEVEL: 'warn' } });
try {
  await autocannon({ url: `${server.url}/api/health`, connections: 50, duration: 2 }); // warm-up
  const result = await autocannon({ url: `${server.url}/api/health`, connections: 50, duration: 10 });
  console.log(
    `GET /api/health, 50 connections, 10 s: ${Math.round(result.requests.average)} requests/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, errors ${result.errors + result.non2xx}`,
  );
} finally {
  await server.stop();
}

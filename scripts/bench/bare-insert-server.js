#!/usr/bin/env node
// The hardware ceiling the join benchmark is compared with: a bare Node HTTP server that parses
// a JSON body and does one INSERT into a uniquely indexed table, with the same pool size as the
// API. `node bare-insert-server.js <port> <database url>`.
const { createServer } = require('node:http');
const { Pool } = require('pg');

const [port, databaseUrl] = process.argv.slice(2);
const pool = new Pool({ connectionString: databaseUrl, max: Number(process.env.DATABASE_POOL_SIZE ?? 10) });

async function main() {
  await pool.query('CREATE TABLE IF NOT EXISTS bench_ceiling (id bigserial PRIMARY KEY, email text NOT NULL UNIQUE, first_name text NOT NULL)');
  createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', async () => {
      try {
        const { email, first_name } = JSON.parse(body);
        const { rows } = await pool.query('INSERT INTO bench_ceiling (email, first_name) VALUES ($1, $2) RETURNING id', [email, first_name]);
        res.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify({ id: rows[0].id }));
      } catch (error) {
        res.writeHead(error.code === '23505' ? 409 : 500, { 'content-type': 'application/json' }).end(JSON.stringify({ error: error.message }));
      }
    });
  }).listen(Number(port), '127.0.0.1', () => process.send?.('ready'));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
process.on('SIGTERM', () => pool.end().finally(() => process.exit(0)));

// The bench's baseline: a bare Fastify (no plugins, no hooks) serving fixed bytes, one route per recorded
// answer. Started as its own process, like the product, so both are measured the same way.
// Usage: node bare-server.mjs <answers.json> <port>; answers.json maps a path to { contentType, body }.
import fs from 'node:fs';
import Fastify from 'fastify';

const [file, port] = process.argv.slice(2);
const answers = JSON.parse(fs.readFileSync(file, 'utf8'));
const app = Fastify({ logger: false });
for (const [url, { contentType, body }] of Object.entries(answers)) {
  const bytes = Buffer.from(body, 'base64');
  const pathname = url.split('?')[0];
  app.get(pathname, (request, reply) => reply.type(contentType).send(bytes));
}
await app.listen({ port: Number(port), host: '127.0.0.1' });
process.send?.('ready');

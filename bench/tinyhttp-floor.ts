// The bare @tinyhttp/app floor: one process, one route, sending pre-serialised answers with unshell's own headers.
// Run by http-probe.ts as a child; stdout carries one line, the port it listens on.
//
//   node tinyhttp-floor.js ANSWERS_JSON
//
// ANSWERS_JSON: {"route": "/api/public/entity/:id", "headers": {name: value}, "bodies": {path: body}}, where each
// path is as the client sends it. The difference between unshell and this floor is what unshell's protection and
// work cost over the framework both are built on: the request guard, access control, metering, validation, the
// capability and serialisation.
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { App } from '@tinyhttp/app';

interface Answers {
  route: string;
  headers: Record<string, string>;
  bodies: Record<string, string>;
}

const [file] = process.argv.slice(2);
if (file === undefined) {
  console.error('usage: tinyhttp-floor.js ANSWERS_JSON');
  process.exit(2);
}
const answers = JSON.parse(readFileSync(file, 'utf8')) as Answers;
const bodies = new Map(Object.entries(answers.bodies).map(([p, body]) => [p, Buffer.from(body)]));
const headers = Object.entries(answers.headers);

const app = new App();
app.get(answers.route, (req, res) => {
  const body = bodies.get(req.originalUrl);
  if (body === undefined) {
    res.status(404).end();
    return;
  }
  for (const [name, value] of headers) res.setHeader(name, value);
  res.setHeader('Content-Length', body.length);
  res.status(200).end(body);
});
const server = app.listen(0, undefined, '127.0.0.1');
server.once('listening', () => process.stdout.write(`${(server.address() as AddressInfo).port}\n`));
process.once('SIGTERM', () => server.close(() => process.exit(0)));

// A bare HTTP hop for the proxy benchmark's reference point: node:http in, a kept-alive node:http request out to
// the service, the answer piped back. No session, no checks, no audit: what any extra process in the path costs on
// this machine before the console does anything of its own. Run as its own process by bench/proxy-overhead.ts:
//   node --import tsx bench/support/bare-proxy.ts <listen port> <upstream origin>
// Loopback only.
import http from "node:http";

const [portArgument, upstreamArgument] = process.argv.slice(2);
const port = Number(portArgument);
const upstream = new URL(upstreamArgument ?? "");
if (!Number.isInteger(port) || upstream.hostname !== "127.0.0.1") {
  console.error("usage: bare-proxy.ts <port> http://127.0.0.1:<port>");
  process.exit(2);
}
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

const server = http.createServer((request, response) => {
  const outgoing = http.request(
    {
      host: upstream.hostname,
      port: upstream.port,
      method: request.method,
      path: request.url,
      headers: { ...request.headers, host: upstream.host },
      agent,
    },
    (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(response);
    },
  );
  outgoing.on("error", () => {
    if (!response.headersSent) response.writeHead(502);
    response.end();
  });
  request.pipe(outgoing);
});

server.listen(port, "127.0.0.1", () => console.log(`bare proxy on ${port}`));
for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.on(signal, () => {
    server.close();
    agent.destroy();
    process.exit(0);
  });
}

import net from "node:net";

/**
 * A loopback TCP relay in front of PostgreSQL that can be shut like a stopped server: every open connection cut
 * and new ones refused (ECONNREFUSED), then opened again on the same port. The database itself is never touched.
 */
export class DatabaseGate {
  private server: net.Server | undefined;
  private readonly sockets = new Set<net.Socket>();
  private port = 0;

  constructor(private readonly target: { host: string; port: number }) {}

  /** Opens the gate (on a free port the first time, the same port after) and returns its port. */
  async open(): Promise<number> {
    const server = net.createServer((client) => {
      const upstream = net.connect(this.target);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on("close", () => this.sockets.delete(socket));
        socket.on("error", () => {
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(this.port, "127.0.0.1", () => resolve());
    });
    const address = server.address();
    if (address && typeof address === "object") this.port = address.port;
    this.server = server;
    return this.port;
  }

  /** As if the server stopped: connections cut, nothing listening. */
  async shut(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  }
}

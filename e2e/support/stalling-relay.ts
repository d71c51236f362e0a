import net from "node:net";

/**
 * A byte relay on loopback in front of the local payment service, which a spec can make stall: while stalled it
 * cuts its open connections, then accepts new ones and never answers, as a payment API that hangs (its process stopped, a network partition).
 * `resume` ends the held connections and relays every new one again. Bounded: one pair of sockets per connection,
 * all destroyed on close.
 */
export class StallingRelay {
  private stalled = false;
  private readonly held = new Set<net.Socket>();
  private readonly open = new Set<net.Socket>();

  private constructor(
    private readonly server: net.Server,
    private readonly target: { host: string; port: number },
  ) {}

  static async start(targetOrigin: string): Promise<StallingRelay> {
    const { hostname, port } = new URL(targetOrigin);
    let relay: StallingRelay | undefined;
    const server = net.createServer((socket) => relay?.accept(socket));
    relay = new StallingRelay(server, { host: hostname, port: Number(port) });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    return relay;
  }

  get origin(): string {
    return `http://127.0.0.1:${(this.server.address() as net.AddressInfo).port}`;
  }

  /** How many connections are held unanswered now. */
  get holding(): number {
    return this.held.size;
  }

  /** From now on nothing answers: the connections kept alive until now are cut, and every new one is held. */
  stall(): void {
    this.stalled = true;
    for (const socket of this.open) if (!this.held.has(socket)) socket.destroy();
  }

  resume(): void {
    this.stalled = false;
    for (const socket of this.held) socket.destroy();
    this.held.clear();
  }

  async close(): Promise<void> {
    this.resume();
    for (const socket of this.open) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private accept(socket: net.Socket): void {
    socket.on("error", () => {});
    this.open.add(socket);
    socket.once("close", () => {
      this.open.delete(socket);
      this.held.delete(socket);
    });
    if (this.stalled) {
      this.held.add(socket);
      return;
    }
    const upstream = net.connect(this.target);
    upstream.on("error", () => socket.destroy());
    this.open.add(upstream);
    upstream.once("close", () => {
      this.open.delete(upstream);
      socket.destroy();
    });
    socket.once("close", () => upstream.destroy());
    socket.pipe(upstream);
    upstream.pipe(socket);
  }
}

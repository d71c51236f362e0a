import "server-only";
import pg from "pg";

export interface ChannelListenerOptions {
  connectionString: string;
  channel: string;
  onMessage(payload: string): void;
  /** Called whenever the LISTEN connection comes up (true) or goes away (false). */
  onLive?(live: boolean): void;
}

/**
 * One LISTEN connection to a PostgreSQL channel. It reconnects with backoff (0.5 s doubling to 15 s) when the
 * database goes away, for as long as the process runs, and says when it is live: notifications sent while it was
 * down are lost, so whoever relies on them must not trust what they remember from before.
 */
export class ChannelListener {
  private client: pg.Client | null = null;
  private connecting: Promise<void> | null = null;
  private retryMs = 500;
  private stopped = false;

  constructor(private readonly options: ChannelListenerOptions) {
    if (!/^[a-z_][a-z0-9_]*$/.test(options.channel))
      throw new Error(`invalid channel name ${options.channel}`);
  }

  get live(): boolean {
    return this.client !== null;
  }

  /** Connects unless connected or connecting; resolves once this attempt is over, live or not. */
  start(): Promise<void> {
    if (this.client || this.stopped) return Promise.resolve();
    this.connecting ??= this.connect().finally(() => {
      this.connecting = null;
    });
    return this.connecting;
  }

  /** Disconnects for good (tests, shutdown). */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.connecting;
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => {});
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.options.connectionString });
    client.on("error", () => this.drop(client));
    client.on("end", () => this.drop(client));
    client.on("notification", (message) => {
      if (message.channel === this.options.channel && message.payload)
        this.options.onMessage(message.payload);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${this.options.channel}`);
      if (this.stopped) {
        await client.end();
        return;
      }
      this.client = client;
      this.retryMs = 500;
      this.options.onLive?.(true);
    } catch {
      await client.end().catch(() => {});
      this.scheduleReconnect();
    }
  }

  private drop(client: pg.Client) {
    if (this.client !== client) return;
    this.client = null;
    this.options.onLive?.(false);
    void client.end().catch(() => {});
    this.scheduleReconnect();
  }

  private scheduleReconnect() {
    if (this.stopped) return;
    const delay = this.retryMs;
    this.retryMs = Math.min(this.retryMs * 2, 15_000);
    setTimeout(() => void this.start(), delay).unref();
  }
}

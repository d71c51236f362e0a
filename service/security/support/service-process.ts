import { generateKeyPairSync, randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { type ManagedProcess, startProcess, waitForHttp } from "../../tools/processes";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..", "..");

/**
 * The real service process (`node --import tsx service/server.ts`, or the Node arguments given as `program`, such as
 * the compiled dist/service.js), configured as scripts/start.ts configures
 * it: its own database, a generated signing key in a temporary folder, a credential pair, a loopback port.
 * It can be killed with SIGKILL and started again on the same database and port.
 */
export class ServiceProcess {
  private static readonly running = new Set<ServiceProcess>();

  /** SIGKILLs every service process still running (a runner giving up must not leave one behind). */
  static async killAll(): Promise<void> {
    await Promise.all([...ServiceProcess.running].map((service) => service.kill()));
  }

  readonly origin: string;
  readonly authorization: string;
  private readonly secretsDir = mkdtempSync(path.join(tmpdir(), "service-crash-"));
  private readonly env: NodeJS.ProcessEnv;
  private current: ManagedProcess | undefined;
  private readonly program: string[];

  constructor(
    databaseUrl: string,
    readonly port: number,
    options: { echo?: boolean; program?: string[] } = {},
  ) {
    this.program = options.program ?? ["--import", "tsx", path.join(root, "service", "server.ts")];
    const { privateKey } = generateKeyPairSync("ec", {
      namedCurve: "P-256",
      privateKeyEncoding: { type: "pkcs8", format: "pem" },
      publicKeyEncoding: { type: "spki", format: "pem" },
    });
    const keyFile = path.join(this.secretsDir, "webhook-signing-key.pem");
    writeFileSync(keyFile, privateKey, { mode: 0o600 });
    const tokenId = `crash_${randomBytes(6).toString("hex")}`;
    const secret = randomBytes(24).toString("base64url");
    this.origin = `http://127.0.0.1:${port}`;
    this.authorization = `Basic ${Buffer.from(`${tokenId}:${secret}`).toString("base64")}`;
    const { NODE_OPTIONS: _ignored, ...inherited } = process.env;
    this.env = {
      ...inherited,
      SERVICE_DATABASE_URL: databaseUrl,
      SERVICE_HOST: "127.0.0.1",
      SERVICE_PORT: String(port),
      SERVICE_API_TOKEN_ID: tokenId,
      SERVICE_API_CLIENT_SECRET: secret,
      SERVICE_WEBHOOK_PRIVATE_KEY_FILE: keyFile,
      SERVICE_LOG_LEVEL: options.echo ? "warn" : "silent",
    };
  }

  /** Starts the process and waits until it answers its health check. */
  async start(timeoutMs = 60_000): Promise<void> {
    if (this.current && this.current.child.exitCode === null && this.current.child.signalCode === null) {
      throw new Error("the service is already running");
    }
    const managed = startProcess("service", process.execPath, this.program, this.env, root);
    this.current = managed;
    ServiceProcess.running.add(this);
    await waitForHttp(
      `${this.origin}/_local/health`,
      timeoutMs,
      () => managed.child.exitCode === null && managed.child.signalCode === null,
    );
  }

  /** SIGKILL to the whole process group: no handler runs, nothing is flushed or closed cleanly. */
  async kill(): Promise<void> {
    const managed = this.current;
    const pid = managed?.child.pid;
    if (
      !managed ||
      pid === undefined ||
      managed.child.exitCode !== null ||
      managed.child.signalCode !== null
    ) {
      return;
    }
    try {
      process.kill(-pid, "SIGKILL");
    } catch {
      // Already gone.
    }
    await managed.exited;
    ServiceProcess.running.delete(this);
  }

  /** A clean stop (SIGTERM, then SIGKILL after a while), and the temporary folder removed. */
  async stop(): Promise<void> {
    await this.current?.stop(10_000);
    ServiceProcess.running.delete(this);
    rmSync(this.secretsDir, { recursive: true, force: true });
  }
}

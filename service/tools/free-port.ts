import net from "node:net";

/**
 * Where free ports are looked for: below Linux's default ephemeral range (32768–60999), from which the kernel picks
 * the local port of every outgoing connection. A port the kernel hands out for `listen(0)` comes from that range, so
 * in the seconds before the caller's process binds it (PostgreSQL starting, a build) any connection made on the
 * machine could take it ("port … is in use"; seen in a full e2e run). Ports below it are taken only by an explicit bind.
 */
const LOWEST = 20_000;
const HIGHEST = 32_000;
const TRIES = 50;

/** Ports this process has handed out: never the same twice, even once the first caller let it go again. */
const handedOut = new Set<number>();

/** A free loopback port outside the ephemeral range, not handed out before by this process. */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < TRIES; attempt++) {
    const port = LOWEST + Math.floor(Math.random() * (HIGHEST - LOWEST));
    if (handedOut.has(port) || !(await isPortFree(port))) continue;
    handedOut.add(port);
    return port;
  }
  // Every try taken: whatever the kernel gives.
  const port = await kernelPort();
  handedOut.add(port);
  return port;
}

function kernelPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => {
        if (address && typeof address === "object") resolve(address.port);
        else reject(new Error("no port"));
      });
    });
  });
}

export function isPortFree(port: number, host = "127.0.0.1"): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once("error", () => resolve(false));
    server.listen(port, host, () => server.close(() => resolve(true)));
  });
}

import { generateKeyPairSync } from "node:crypto";
import type { FastifyInstance, HTTPMethods } from "fastify";
import { buildServiceApp } from "../../app";
import { Clock } from "../../clock";
import type { ServiceConfig } from "../../config";
import { createServiceDatabase } from "../../db/client";

/** One method of one registered path, e.g. POST /2025-10-13/quotes/:quoteId/execute. */
export interface ServiceRoute {
  method: string;
  url: string;
  /** Names of the path's parameters, in order. */
  params: string[];
}

const TREE_DRAWING = /^[│├└─\s]*/u;

/**
 * Reads Fastify's `printRoutes({ commonPrefix: false })` tree: one node per line, indented four characters per
 * level, a node's text being its path segment after its parent's and, for a route, its methods in parentheses.
 */
function parseRouteTree(tree: string): ServiceRoute[] {
  const routes: ServiceRoute[] = [];
  const stack: string[] = [];
  for (const line of tree.split("\n")) {
    if (!line.trim()) continue;
    const drawing = TREE_DRAWING.exec(line)?.[0] ?? "";
    const depth = Math.floor(drawing.length / 4);
    const match = /^(\S+)(?: \(([^)]*)\))?$/.exec(line.slice(drawing.length).trim());
    if (!match?.[1]) throw new Error(`unreadable route line: ${line}`);
    stack.length = depth;
    const url = `${stack.at(-1) ?? ""}${match[1]}`;
    stack.push(url);
    const methods = (match[2] ?? "")
      .split(",")
      .map((method) => method.trim())
      .filter((method) => /^[A-Z]+$/.test(method));
    const params = [...url.matchAll(/:([A-Za-z0-9_]+)/g)].flatMap((found) => (found[1] ? [found[1]] : []));
    for (const method of methods) routes.push({ method, url, params });
  }
  return routes;
}

/** Every route of a built app, checked against Fastify's own lookup so a misread tree cannot hide a route. */
export function routesOf(app: FastifyInstance): ServiceRoute[] {
  const routes = parseRouteTree(app.printRoutes({ commonPrefix: false }));
  for (const route of routes) {
    if (!app.hasRoute({ method: route.method as HTTPMethods, url: route.url })) {
      throw new Error(`route tree names ${route.method} ${route.url}, which the app does not have`);
    }
  }
  if (routes.length < 10) throw new Error(`only ${routes.length} routes found; the tree format changed?`);
  return routes;
}

/**
 * The service's routes, read from the real app builder without a database: building registers every route and
 * connects to nothing (the pool connects lazily), so tests can list routes when they are collected.
 */
export async function discoverServiceRoutes(): Promise<ServiceRoute[]> {
  const { privateKey } = generateKeyPairSync("ec", {
    namedCurve: "P-256",
    privateKeyEncoding: { type: "pkcs8", format: "pem" },
    publicKeyEncoding: { type: "spki", format: "pem" },
  });
  const config: ServiceConfig = {
    databaseUrl: "postgres://nobody@127.0.0.1:9/none",
    host: "127.0.0.1",
    port: 0,
    publicUrl: "http://127.0.0.1",
    credentials: [{ tokenId: "routes", clientSecret: "routes-secret", environment: "sandbox" }],
    webhookPrivateKeyPem: privateKey,
    webhookSignatureHeader: "X-Service-Signature",
    regulated: true,
    defaultUmaDomain: "uma.localhost",
    quoteTtlSeconds: 300,
    approvalTimeoutSeconds: 600,
    enableReset: false,
    logLevel: "silent",
  };
  const db = createServiceDatabase(config.databaseUrl, { max: 1 });
  const app = await buildServiceApp({ config, db, clock: new Clock(db) });
  try {
    await app.ready();
    return routesOf(app);
  } finally {
    await app.close();
    await db.pool.end();
  }
}

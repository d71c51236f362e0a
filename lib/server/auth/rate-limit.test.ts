import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../../service/test-support/database";
import { type ConsoleDatabase, createConsoleDatabase } from "../db/client";
import { migrateConsoleDatabase } from "../db/migrate";
import { issueDeviceCookie } from "./device-cookie";
import {
  endSignInAttempt,
  MAX_FAILURES_PER_DEVICE,
  MAX_UNKNOWN_FAILURES_PER_ACCOUNT,
  MAX_UNKNOWN_FAILURES_PER_ADDRESS,
  type SignInSource,
  signInSource,
  startSignInAttempt,
} from "./rate-limit";

const SECRET = "a-session-secret-of-at-least-32-characters";
let db: ConsoleDatabase;
let accounts = 0;
let addresses = 0;
const account = () => `person-${++accounts}@example.com`;
const address = () => `10.0.${Math.floor(++addresses / 250)}.${addresses % 250}`;

/** `count` wrong passwords from `source`; how many of them were checked (not refused as over the limit). */
async function fail(source: SignInSource, count: number): Promise<number> {
  let checked = 0;
  for (let attempt = 0; attempt < count; attempt++) {
    const started = await startSignInAttempt(db, source);
    if (!started.locked) {
      checked++;
      await endSignInAttempt(db, started, false);
    }
  }
  return checked;
}

async function locked(source: SignInSource): Promise<boolean> {
  const started = await startSignInAttempt(db, source);
  if (!started.locked) await endSignInAttempt(db, started, true);
  return started.locked;
}

beforeAll(async () => {
  const url = await createTestDatabase("rate_limit");
  await migrateConsoleDatabase(url);
  db = createConsoleDatabase(url, { max: 20 });
});
afterAll(async () => {
  await db?.pool.end();
});

describe("sign-in limits", () => {
  it("lets unknown clients make 10 guesses an hour per account, from any number of addresses together", async () => {
    const email = account();
    let checked = 0;
    for (let i = 0; i < 15; i++) checked += await fail({ email, address: address(), device: null }, 1);
    expect(checked).toBe(MAX_UNKNOWN_FAILURES_PER_ACCOUNT);
    expect(await locked({ email, address: address(), device: null })).toBe(true);
  });

  it("lets one address make 30 guesses an hour across accounts, and locks only that address", async () => {
    const from = address();
    let checked = 0;
    for (let i = 0; i < 35; i++) checked += await fail({ email: account(), address: from, device: null }, 1);
    expect(checked).toBe(MAX_UNKNOWN_FAILURES_PER_ADDRESS);
    const email = account();
    expect(await locked({ email, address: from, device: null })).toBe(true);
    expect(await locked({ email, address: address(), device: null })).toBe(false);
  });

  it("never locks the person's known browser for a stranger's guesses; the browser has its own 10", async () => {
    const email = account();
    const from = address();
    const cookie = `console-device=${issueDeviceCookie(SECRET, email)}`;
    const known = signInSource(new Headers({ cookie, "x-console-client-address": from }), email, SECRET);
    expect(known.device).not.toBeNull();
    // A stranger, from the person's own address even, spends the unknown clients' allowance.
    expect(await fail({ email, address: from, device: null }, 12)).toBe(MAX_UNKNOWN_FAILURES_PER_ACCOUNT);
    expect(await locked({ email, address: address(), device: null })).toBe(true);
    expect(await locked(known)).toBe(false);
    // The person's own mistakes count against their browser only.
    expect(await fail(known, 12)).toBe(MAX_FAILURES_PER_DEVICE);
    expect(await locked(known)).toBe(true);
    const other = signInSource(
      new Headers({ cookie: `console-device=${issueDeviceCookie(SECRET, email)}` }),
      email,
      SECRET,
    );
    expect(await locked(other)).toBe(false);
  });

  it("treats a device cookie of another account, or a forged one, as an unknown client", () => {
    const email = account();
    const elsewhere = `console-device=${issueDeviceCookie(SECRET, "someone-else@example.com")}`;
    expect(signInSource(new Headers({ cookie: elsewhere }), email, SECRET).device).toBeNull();
    const forged = `console-device=v1.AAAAAAAAAAAAAAAAAAAAAA.${Math.floor(Date.now() / 1000)}.AAAA`;
    expect(signInSource(new Headers({ cookie: forged }), email, SECRET).device).toBeNull();
  });

  it("checks no more than the allowance when many guesses arrive at once", async () => {
    const email = account();
    const results = await Promise.all(
      Array.from({ length: 40 }, () => startSignInAttempt(db, { email, address: address(), device: null })),
    );
    // A burst may well be refused whole (each attempt counts the others in flight): never more than the allowance.
    expect(results.filter((result) => !result.locked).length).toBeLessThanOrEqual(
      MAX_UNKNOWN_FAILURES_PER_ACCOUNT,
    );
  });

  it("does not count a right password", async () => {
    const email = account();
    const from = address();
    for (let i = 0; i < MAX_UNKNOWN_FAILURES_PER_ACCOUNT + 5; i++)
      expect(await locked({ email, address: from, device: null })).toBe(false);
  });
});

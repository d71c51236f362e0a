import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EVENTS_CHANNEL } from "../../universal/events/types";
import { type ConsoleDatabase, createConsoleDatabase } from "../db/client";
import { ensureRuntimeRole, grantRuntimeRole, runtimeUrl } from "../db/runtime-role";
import { auditEvents, screeningSources, users } from "../db/schema";
import { createConsoleTestDatabase } from "../db/test-database";
import { approveProposal } from "../four-eyes/decide-proposal";
import { listHealth } from "./lists-in-use";
import { startScreeningSources, stopScreeningSources } from "./source-jobs";
import {
  proposeSource,
  proposeSourceRemoval,
  refreshSource,
  refreshSourceNow,
  screeningSourcesView,
  sourceJobKey,
} from "./sources";

// A list this console does not use yet (the EU's), served by a loopback server; the folders are the test's own.
// One person, in the format the EU publishes (the fixture beside the readers holds a broken entry on purpose).
const EU = Buffer.from(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<export xmlns="http://eu.europa.ec/fpi/fsd/export" generationDate="2026-11-20T10:00:00.000+01:00" globalFileId="1">
  <sanctionEntity designationDetails="" unitedNationId="" euReferenceNumber="EU.7001.01" logicalId="700001">
    <subjectType code="person" classificationCode="P"/>
    <nameAlias firstName="" middleName="" lastName="" wholeName="QUILLON VASTERHAVEN" function="" gender="M" title="" nameLanguage="" strong="true" regulationLanguage="en" logicalId="1"/>
    <birthdate circa="false" calendarType="GREGORIAN" birthdate="1971-05-06" dayOfMonth="6" monthOfYear="5" year="1971" logicalId="3"/>
  </sanctionEntity>
</export>
`);
const listsDir = mkdtempSync(path.join(tmpdir(), "source-lists-"));
// Not made yet, as on a console nobody uploaded a list to.
const uploads = path.join(mkdtempSync(path.join(tmpdir(), "source-uploads-")), "screening-uploads");
// The one folder a path source may name, with a link in it to a file outside.
const sourcesFolder = path.join(mkdtempSync(path.join(tmpdir(), "source-folder-")), "screening-sources");
mkdirSync(sourcesFolder);
const outside = path.join(path.dirname(sourcesFolder), "secrets.json");
writeFileSync(outside, '{"authSecret":"do-not-read-me"}');
symlinkSync(outside, path.join(sourcesFolder, "link.xml"));
writeFileSync(path.join(sourcesFolder, "un.xml"), "<CONSOLIDATED_LIST/>");
const holder = globalThis as typeof globalThis & { __consoleDatabase?: ConsoleDatabase };
let db: ConsoleDatabase;
let server: Server;
let base: string;
let body: Buffer | null = EU;

type Admin = { id: string; email: string; name: string; role: "admin" };
let first: Admin;
let second: Admin;
const as = (user: Admin) => ({
  user,
  requestId: `req-${randomBytes(4).toString("hex")}`,
  clientRequestId: null,
});

async function admin(email: string): Promise<Admin> {
  const [made] = await db
    .insert(users)
    .values({ email, name: email, role: "admin", roleSince: new Date(Date.now() - 60_000) })
    .returning({ id: users.id, email: users.email, name: users.name });
  if (!made) throw new Error("no admin");
  return { ...made, role: "admin" };
}

/** The source's one pending job: its task and when it runs. */
async function jobOf(sourceId: string) {
  const result = await db.execute<{ task_identifier: string; run_at: Date; payload: { sourceId: string } }>(
    sql`SELECT t.identifier AS task_identifier, j.run_at, j.payload
        FROM graphile_worker._private_jobs j JOIN graphile_worker._private_tasks t ON t.id = j.task_id
        WHERE j.key = ${sourceJobKey(sourceId)}`,
  );
  return result.rows;
}

beforeAll(async () => {
  const made = await createConsoleTestDatabase("screening_sources");
  await made.db.pool.end();
  // As the launcher runs it (scripts/start.ts): migrated by the owner, run as a role that owns nothing, so the job
  // queue's grants are tested too.
  const role = `console_app_${randomBytes(4).toString("hex")}`;
  const password = randomBytes(18).toString("base64url");
  await ensureRuntimeRole(made.url.replace(/\/[^/]+$/, "/postgres"), role, password);
  await grantRuntimeRole(made.url, role);
  const url = runtimeUrl(made.url, role, password);
  db = createConsoleDatabase(url);
  Object.assign(process.env, {
    DATABASE_URL: url,
    AUTH_SECRET: randomBytes(32).toString("base64url"),
    PAYMENT_API_BASE_URL: "http://127.0.0.1:1/2025-10-13",
    PAYMENT_API_TOKEN_ID: "test",
    PAYMENT_API_CLIENT_SECRET: "test",
    SCREENING_LISTS_DIR: listsDir,
    SCREENING_UPLOADS_DIR: uploads,
    SCREENING_SOURCES_DIR: sourcesFolder,
  });
  holder.__consoleDatabase = db;
  server = createServer((_request, response) => {
    if (!body) {
      response.writeHead(404);
      response.end();
      return;
    }
    response.writeHead(200, { "content-type": "application/xml" });
    response.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  first = await admin("first-admin@example.com");
  second = await admin("second-admin@example.com");
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  holder.__consoleDatabase = undefined;
  await db.pool.end();
});

describe("a list's source", () => {
  let sourceId: string;

  it("is proposed by one admin and approved only by another, then queued to run at once", async () => {
    const proposal = await proposeSource(as(first), {
      listId: "eu-fsf",
      location: `http://feed:s3cret@127.0.0.1:${new URL(base).port}/eu.xml`,
      intervalHours: 6,
    });
    expect(proposal.kind).toBe("screening-source");
    if (proposal.kind === "screening-source") expect(proposal.source.location).toBe(`${base}/eu.xml`);
    // The proposal itself is in the audit log, as its proposer, before and after (the address without its secret).
    const proposed = await db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, "screening.sources.propose"))
      .orderBy(auditEvents.id);
    expect(proposed.map((row) => [row.outcome, row.actorEmail, row.targetId])).toEqual([
      ["attempted", first.email, "eu-fsf"],
      ["allowed", first.email, "eu-fsf"],
    ]);
    expect(proposed[1]?.summary).toMatchObject({ location: `${base}/eu.xml`, proposalId: proposal.id });
    expect(JSON.stringify(proposed)).not.toContain("s3cret");
    expect(await db.select().from(screeningSources)).toEqual([]);
    await expect(approveProposal(as(first), proposal.id)).rejects.toMatchObject({
      code: "SECOND_ADMIN_REQUIRED",
    });
    expect(await db.select().from(screeningSources)).toEqual([]);

    const before = Date.now();
    await approveProposal(as(second), proposal.id);
    const [source] = await db.select().from(screeningSources);
    if (!source) throw new Error("no source");
    sourceId = source.id;
    expect(source).toMatchObject({
      listId: "eu-fsf",
      status: "active",
      intervalHours: 6,
      createdBy: first.email,
      approvedBy: second.email,
    });
    const jobs = await jobOf(sourceId);
    expect(jobs).toHaveLength(1);
    expect(jobs[0]?.task_identifier).toBe("refresh_screening_source");
    expect(jobs[0]?.payload).toEqual({ sourceId });
    expect(new Date(jobs[0]?.run_at ?? 0).getTime()).toBeGreaterThanOrEqual(before - 1_000);
    expect(new Date(jobs[0]?.run_at ?? 0).getTime()).toBeLessThanOrEqual(Date.now() + 1_000);
    const audit = await db.select().from(auditEvents).where(eq(auditEvents.action, "screening.sources.set"));
    expect(audit.map((row) => row.outcome)).toEqual(["attempted", "allowed"]);
  });

  it("a run loads the fetched file as a version in use and queues the next one interval later", async () => {
    const outcome = await refreshSource(sourceId);
    expect(outcome?.outcome).toBe("loaded");
    const inUse = (await listHealth()).data.find((v) => v.listId === "eu-fsf" && v.status === "in-use");
    expect(inUse).toBeDefined();
    const [source] = await db.select().from(screeningSources).where(eq(screeningSources.id, sourceId));
    expect(source?.lastOutcome).toBe("loaded");
    expect(source?.lastVersionId).toBe(inUse?.id);
    const jobs = await jobOf(sourceId);
    expect(jobs).toHaveLength(1);
    const due = new Date(jobs[0]?.run_at ?? 0).getTime();
    expect(Math.abs(due - (Date.now() + 6 * 3_600_000))).toBeLessThan(60_000);
    expect(source?.nextRefreshAt?.getTime()).toBe(due);
  });

  it("a cut file is a failed version and a 404 a failed fetch; neither replaces the version in use", async () => {
    const inUse = () =>
      listHealth().then((health) => health.data.find((v) => v.listId === "eu-fsf" && v.status === "in-use"));
    const was = await inUse();
    body = EU.subarray(0, Math.floor(EU.length / 2));
    const cut = await refreshSource(sourceId);
    expect(cut?.outcome).toBe("failed");
    const failed = (await listHealth()).data.find((v) => v.id === cut?.versionId);
    expect(failed?.status).toBe("failed");
    expect((await inUse())?.id).toBe(was?.id);

    body = null;
    const missing = await refreshSource(sourceId);
    expect(missing?.outcome).toBe("failed");
    expect(missing?.versionId).toBeUndefined();
    expect(missing?.message).toMatch(/answered HTTP 404/);
    expect(missing?.message).not.toContain("s3cret");
    expect((await inUse())?.id).toBe(was?.id);
    const [source] = await db.select().from(screeningSources).where(eq(screeningSources.id, sourceId));
    expect(source?.lastOutcome).toBe("failed");
    body = EU;
  });

  it("Refresh now moves its one pending job to now, audited with the admin who asked", async () => {
    const asked = {
      actor: second,
      requestId: `req-${randomBytes(4).toString("hex")}`,
      clientRequestId: null,
    };
    await refreshSourceNow(asked, sourceId);
    const audit = await db.select().from(auditEvents).where(eq(auditEvents.requestId, asked.requestId));
    expect(audit.map((row) => [row.action, row.actorEmail, row.outcome, row.targetId])).toEqual([
      ["screening.sources.refresh", second.email, "attempted", "eu-fsf"],
      ["screening.sources.refresh", second.email, "allowed", "eu-fsf"],
    ]);
    const jobs = await jobOf(sourceId);
    expect(jobs).toHaveLength(1);
    expect(new Date(jobs[0]?.run_at ?? 0).getTime()).toBeLessThanOrEqual(Date.now() + 1_000);
  });

  it("the console's worker, as the runtime role, runs a queued refresh and queues the next", async () => {
    const [before] = await db.select().from(screeningSources).where(eq(screeningSources.id, sourceId));
    await startScreeningSources();
    try {
      await refreshSourceNow({ actor: second, requestId: "req-worker", clientRequestId: null }, sourceId);
      await expect
        .poll(
          async () => {
            const [now] = await db.select().from(screeningSources).where(eq(screeningSources.id, sourceId));
            return (now?.lastFetchedAt?.getTime() ?? 0) > (before?.lastFetchedAt?.getTime() ?? 0);
          },
          { timeout: 15_000, interval: 200 },
        )
        .toBe(true);
    } finally {
      await stopScreeningSources();
    }
    const [after] = await db.select().from(screeningSources).where(eq(screeningSources.id, sourceId));
    expect(after?.lastOutcome).toBe("unchanged");
    const jobs = await jobOf(sourceId);
    expect(jobs).toHaveLength(1);
    expect(new Date(jobs[0]?.run_at ?? 0).getTime()).toBeGreaterThan(Date.now() + 5 * 3_600_000);
  });

  it("is removed only with a second admin: then it is no longer queued or fetched", async () => {
    const proposal = await proposeSourceRemoval(as(second), sourceId);
    const proposed = await db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, "screening.sources.propose-removal"));
    expect(proposed.map((row) => [row.outcome, row.actorEmail])).toEqual([
      ["attempted", second.email],
      ["allowed", second.email],
    ]);
    await expect(approveProposal(as(second), proposal.id)).rejects.toMatchObject({
      code: "SECOND_ADMIN_REQUIRED",
    });
    expect(await jobOf(sourceId)).toHaveLength(1);
    await approveProposal(as(first), proposal.id);
    const [source] = await db.select().from(screeningSources).where(eq(screeningSources.id, sourceId));
    expect(source?.status).toBe("removed");
    expect(await jobOf(sourceId)).toEqual([]);
    expect(await refreshSource(sourceId)).toBeUndefined();
  });

  it("names a file path only inside the sources folder: anything else is refused before it is proposed", async () => {
    const proposals = async () =>
      (await db.execute(sql`SELECT count(*)::int AS n FROM config_proposals WHERE kind = 'screening-source'`))
        .rows[0] as { n: number };
    const before = await proposals();
    for (const location of [
      "/etc/passwd",
      outside,
      `${sourcesFolder}/../secrets.json`,
      path.join(sourcesFolder, "link.xml"),
      path.join(sourcesFolder, "missing.xml"),
    ]) {
      await expect(proposeSource(as(first), { listId: "un", location })).rejects.toMatchObject({
        status: 400,
        code: "INVALID_INPUT",
        details: { fields: [{ path: "location", message: expect.stringContaining(sourcesFolder) }] },
      });
    }
    expect(await proposals()).toEqual(before);
    expect((await screeningSourcesView()).folder).toBe(sourcesFolder);
  });

  it("is announced to open pages when proposed and when decided", async () => {
    const client = await db.pool.connect();
    // The sources' own announcements (a proposal of any kind is also announced to the pages that list proposals).
    const heard: string[] = [];
    client.on("notification", (message) => {
      const payload = message.payload ?? "";
      if ((JSON.parse(payload) as { kind?: string }).kind === "screening-sources") heard.push(payload);
    });
    await client.query(`LISTEN ${EVENTS_CHANNEL}`);
    try {
      const proposal = await proposeSource(as(first), {
        listId: "un",
        location: path.join(sourcesFolder, "un.xml"),
      });
      await expect.poll(() => heard.length).toBe(1);
      await approveProposal(as(second), proposal.id);
      await expect.poll(() => heard.length).toBe(2);
      expect(heard.map((payload) => JSON.parse(payload))).toEqual([
        { kind: "screening-sources" },
        { kind: "screening-sources" },
      ]);
    } finally {
      client.release();
    }
  });
});

import "server-only";
import { and, desc, eq, isNull, ne, or } from "drizzle-orm";
import { can, type Permission } from "../../universal/auth/permissions";
import type { WaitingProposal } from "../../universal/four-eyes/waiting-for-me";
import type { ConsoleUser } from "../auth/session-user";
import { getConsoleDatabase } from "../db";
import { configProposals, policyVersions, users } from "../db/schema";
import { currentEnvironment } from "../environments/current";
import { readEmergencyHold } from "../policies/emergency-hold";
import { screeningConfirmationsWaitingFor } from "../screening/waiting-confirmations";

type Kind = Exclude<WaitingProposal["kind"], "policy" | "screening-confirmation" | "emergency-hold">;

/** Each kind of proposal: who decides it (the permission its approve route asks), where, and its name. */
const KINDS: Record<
  Kind,
  { permission: Permission; href: string; title: (subject: string | null) => string }
> = {
  config: { permission: "config.write", href: "/config", title: () => "Configuration change" },
  "four-eyes": {
    permission: "config.write",
    href: "/config",
    title: () => "Change to what needs a second admin",
  },
  team: {
    permission: "team.manage",
    href: "/team",
    title: (subject) => `Team change${subject ? ` for ${subject}` : ""}`,
  },
  token: { permission: "config.write", href: "/tokens", title: () => "New API token" },
  thresholds: { permission: "approvals.decide", href: "/approvals", title: () => "Two-person rule change" },
  "screening-list": {
    permission: "config.write",
    href: "/screening",
    title: (subject) => `Watchlist replacement${subject ? ` (${subject})` : ""}`,
  },
  "screening-source": {
    permission: "config.write",
    href: "/screening",
    title: (subject) => `Watchlist source${subject ? ` (${subject})` : ""}`,
  },
  privacy: { permission: "team.manage", href: "/team", title: () => "Personal data shown unmasked" },
};

/**
 * What waits for `user` as the second person: proposals of every kind they may decide, in this environment or the
 * console's own, policy versions proposed for activation, and screening matches proposed for confirmation, never
 * those they proposed or wrote (the routes refuse those too). Newest first, at most 20.
 */
export async function waitingFor(user: ConsoleUser): Promise<WaitingProposal[]> {
  const environment = currentEnvironment();
  const db = getConsoleDatabase();
  const mayDecide = (permission: Permission) => can(user.role, permission, environment);
  const kinds = (Object.keys(KINDS) as Kind[]).filter((kind) => mayDecide(KINDS[kind].permission));
  const proposals =
    kinds.length === 0
      ? []
      : await db
          .select({
            id: configProposals.id,
            kind: configProposals.kind,
            subject: configProposals.subject,
            proposerName: configProposals.proposerName,
            proposerEmail: configProposals.proposerEmail,
            createdAt: configProposals.createdAt,
          })
          .from(configProposals)
          .where(
            and(
              eq(configProposals.status, "proposed"),
              ne(configProposals.proposerId, user.id),
              or(isNull(configProposals.environment), eq(configProposals.environment, environment)),
            ),
          )
          .orderBy(desc(configProposals.createdAt))
          .limit(50);
  const waiting: WaitingProposal[] = proposals.flatMap((row) => {
    const kind = row.kind as Kind;
    if (!kinds.includes(kind)) return [];
    return [
      {
        id: row.id,
        kind,
        title: KINDS[kind].title(row.subject),
        proposedBy: row.proposerName ?? row.proposerEmail,
        proposedAt: row.createdAt.toISOString(),
        href: KINDS[kind].href,
      },
    ];
  });
  if (mayDecide("approvals.decide")) {
    const versions = await db
      .select({
        id: policyVersions.id,
        version: policyVersions.version,
        createdBy: policyVersions.createdBy,
        proposedBy: policyVersions.proposedBy,
        proposedAt: policyVersions.proposedAt,
        proposerName: users.name,
      })
      .from(policyVersions)
      .leftJoin(users, eq(users.id, policyVersions.proposedBy))
      .where(eq(policyVersions.status, "proposed"))
      .limit(20);
    for (const version of versions) {
      if (version.createdBy === user.id || version.proposedBy === user.id || !version.proposedAt) continue;
      waiting.push({
        id: version.id,
        kind: "policy",
        title: `Approval policy v${version.version}`,
        proposedBy: version.proposerName ?? "a former member",
        proposedAt: version.proposedAt.toISOString(),
        href: `/policies?version=${version.version}`,
      });
    }
  }
  // A colleague's request to turn the emergency hold off, waiting for a second person (decision 0089).
  if (mayDecide("approvals.decide")) {
    const { lift } = await readEmergencyHold();
    if (lift && lift.byId !== user.id) {
      const [asker] = await db.select({ name: users.name }).from(users).where(eq(users.id, lift.byId));
      waiting.push({
        id: `emergency-hold:${lift.at}`,
        kind: "emergency-hold",
        title: "Turning the emergency hold off",
        proposedBy: asker?.name ?? lift.by,
        proposedAt: lift.at,
        href: "/approvals",
      });
    }
  }
  // Matches a colleague proposed confirming as listed, waiting for a second compliance officer.
  if (mayDecide("screening.decide")) waiting.push(...(await screeningConfirmationsWaitingFor(user)));
  return waiting.sort((a, b) => Date.parse(b.proposedAt) - Date.parse(a.proposedAt)).slice(0, 20);
}

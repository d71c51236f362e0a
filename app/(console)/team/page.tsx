import type { Metadata } from "next";
import { PageHeader } from "@/components/shell/page-header";
import { WithPageReads } from "@/components/shell/with-page-reads";
import { AddMemberDialog } from "@/components/team/add-member-dialog";
import { PersonalDataVisibility } from "@/components/team/personal-data-visibility";
import { RoleMatrix } from "@/components/team/role-matrix";
import { TeamProposalsPanel } from "@/components/team/team-proposals-panel";
import { TeamTable } from "@/components/team/team-table";
import { currentUser } from "@/lib/server/auth/session";
import { currentEnvironment } from "@/lib/server/environments/current";
import { teamRead } from "@/lib/server/page-reads/list-reads";
import { can } from "@/lib/universal/auth/permissions";

export const metadata: Metadata = { title: "Team" };

export default async function TeamPage() {
  const user = await currentUser();
  const manages = user ? can(user.role, "team.manage", currentEnvironment()) : false;
  return (
    <>
      <PageHeader
        title="Team"
        description="Who can sign in to this console, and what each role may do. Changing someone's role or disabling them signs them out at once; adding an admin or compliance officer, raising a role or resetting a password waits for a second admin."
        actions={manages ? <AddMemberDialog /> : undefined}
      />
      <WithPageReads reads={[teamRead]}>
        <TeamTable />
      </WithPageReads>
      {manages ? <TeamProposalsPanel /> : null}
      <RoleMatrix environment={currentEnvironment()} />
      <PersonalDataVisibility />
    </>
  );
}

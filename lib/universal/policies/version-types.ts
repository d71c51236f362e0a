import type { PolicyDocument } from "./rules";

/** A version's life: draft → proposed → active (the one in force) or declined; an active one later superseded. */
export type PolicyVersionStatus = "draft" | "proposed" | "active" | "superseded" | "declined";

/** A person named on a version: who wrote, proposed, activated or declined it. */
export interface PolicyPerson {
  id: string;
  email: string;
  name: string;
}

/** One policy version as the console's routes answer it (GET /api/policies, GET /api/policies/:id). */
export interface PolicyVersionView {
  id: string;
  /** 1, 2, 3… in order of creation ("v3"). */
  version: number;
  status: PolicyVersionStatus;
  document: PolicyDocument;
  note: string;
  createdBy: PolicyPerson;
  createdAt: string;
  proposedBy: PolicyPerson | null;
  proposedAt: string | null;
  /** The second person who activated or declined it. */
  decidedBy: PolicyPerson | null;
  decidedAt: string | null;
  /** Why the second person declined it; null unless declined. */
  declineReason: string | null;
}

export interface PolicyVersionList {
  /** Newest first. */
  versions: PolicyVersionView[];
}

"use client";

import { createContext, type ReactNode, useContext } from "react";
import {
  type Decision,
  decide,
  type Environment,
  existsIn,
  type Permission,
  type Role,
} from "@/lib/universal/auth/permissions";

interface Viewer {
  /** The signed-in account's id: the page knows what this person did (a first approval, a dismissal). */
  id: string;
  role: Role;
  environment: Environment;
  email: string;
}

const ViewerContext = createContext<Viewer | null>(null);

/** Gives client components the signed-in role, to mirror the server's rules (which still decide). */
export function ViewerProvider({ viewer, children }: { viewer: Viewer; children: ReactNode }) {
  return <ViewerContext.Provider value={viewer}>{children}</ViewerContext.Provider>;
}

export function useViewer(): Viewer {
  const viewer = useContext(ViewerContext);
  if (!viewer) throw new Error("useViewer must be used inside ViewerProvider");
  return viewer;
}

export function usePermission(permission: Permission, whoMay?: string): Decision {
  const viewer = useViewer();
  const decision = decide(viewer.role, permission, viewer.environment);
  // A permission shared with other work says who may do this thing, as the server's refusal does (its endpoint's whoMay).
  return !decision.allowed && whoMay ? { allowed: false, reason: whoMay } : decision;
}

/** Whether the permission's actions exist in the environment the viewer acts on (the sandbox's are absent in production). */
export function useExistsHere(permission: Permission): boolean {
  return existsIn(permission, useViewer().environment);
}

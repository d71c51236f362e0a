import { redirect } from "next/navigation";
import type { ReactNode } from "react";
import { ViewerProvider } from "@/components/auth/permissions-context";
import { SessionKeepAlive } from "@/components/auth/session-keep-alive";
import { LiveUpdates } from "@/components/live/live-updates";
import { AppShell } from "@/components/shell/app-shell";
import { currentUser } from "@/lib/server/auth/session";
import { currentEnvironment } from "@/lib/server/environments/current";
import { availableEnvironments } from "@/lib/server/environments/switch";
import { signOutAction } from "./actions";

export default async function ConsoleLayout({ children }: { children: ReactNode }) {
  let user: Awaited<ReturnType<typeof currentUser>>;
  try {
    user = await currentUser();
  } catch {
    // Fail closed: when sessions cannot be checked (database down), nothing is shown; the sign-in page says why.
    redirect("/login?error=unavailable");
  }
  if (!user) redirect("/login");
  // The environment this browser switched to (its cookie, read by the console's server for every request).
  const environment = currentEnvironment();
  const environments = availableEnvironments();
  return (
    <ViewerProvider viewer={{ id: user.id, role: user.role, environment, email: user.email }}>
      <AppShell
        user={user}
        environment={environment}
        environments={environments}
        signOutAction={signOutAction}
      >
        {children}
      </AppShell>
      <LiveUpdates />
      <SessionKeepAlive />
    </ViewerProvider>
  );
}

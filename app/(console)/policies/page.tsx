import type { Metadata } from "next";
import { PoliciesPage } from "@/components/policies/policies-page";

export const metadata: Metadata = { title: "Approval policies" };

export default function Page() {
  return <PoliciesPage />;
}

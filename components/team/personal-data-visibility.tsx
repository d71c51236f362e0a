"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { usePermission } from "@/components/auth/permissions-context";
import { PermittedButton } from "@/components/auth/permitted-button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Checkbox } from "@/components/ui/checkbox";
import { errorDetails } from "@/components/ui/error-details";
import { QueryState } from "@/components/ui/query-state";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { toast } from "@/components/ui/toast";
import { saveVisibility, visibilityQuery } from "@/lib/client/api/privacy";
import { type Role, roles } from "@/lib/universal/auth/permissions";
import {
  CATEGORY_LABELS,
  PERSONAL_DATA_CATEGORIES,
  type PersonalDataCategory,
  type Visibility,
} from "@/lib/universal/privacy/fields";
import { ROLE_LABELS } from "./role-labels";

/**
 * Which roles see a counterparty's personal data unmasked, per kind (lib/privacy). Everyone else sees it masked;
 * compliance reveals a masked field with a reason, audited. Admins always see everything. Admins change it here
 * (PUT /api/privacy/visibility, audited with before and after).
 */
export function PersonalDataVisibility() {
  const manage = usePermission("team.manage");
  const queryClient = useQueryClient();
  const stored = useQuery(visibilityQuery());
  const [draft, setDraft] = useState<Visibility | null>(null);
  useEffect(() => {
    if (stored.data && draft === null) setDraft(stored.data.visibility);
  }, [stored.data, draft]);
  const save = useMutation({
    mutationFn: (visibility: Visibility) => saveVisibility(visibility),
    onSuccess: (answer) => {
      queryClient.setQueryData(visibilityQuery().queryKey, answer);
      setDraft(answer.visibility);
      toast.success("Personal data settings saved");
    },
    onError: (error) => toast.error(errorDetails(error).message),
  });
  const changed =
    draft !== null &&
    stored.data !== undefined &&
    JSON.stringify(draft) !== JSON.stringify(stored.data.visibility);
  const toggle = (role: Role, category: PersonalDataCategory, on: boolean) =>
    setDraft((current) => {
      if (!current) return current;
      const kept = current[role].filter((item) => item !== category);
      return { ...current, [role]: on ? [...kept, category] : kept };
    });

  const table = (
    <div className="overflow-x-auto">
      <Table aria-labelledby="personal-data-title">
        <TableHeader>
          <TableRow>
            <TableHead>Shown unmasked</TableHead>
            {roles.map((role) => (
              <TableHead key={role} className="text-center">
                {ROLE_LABELS[role]}
              </TableHead>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {PERSONAL_DATA_CATEGORIES.map((category) => (
            <TableRow key={category}>
              <TableCell>{CATEGORY_LABELS[category]}</TableCell>
              {roles.map((role) => (
                <TableCell key={role} className="text-center">
                  <Checkbox
                    aria-label={`${CATEGORY_LABELS[category]} unmasked for ${ROLE_LABELS[role]}`}
                    checked={role === "admin" || (draft?.[role].includes(category) ?? false)}
                    disabled={role === "admin" || !manage.allowed || draft === null}
                    onCheckedChange={(checked) => toggle(role, category, checked === true)}
                  />
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
  return (
    <Card className="mt-8" aria-labelledby="personal-data-title">
      <CardHeader>
        <div className="flex flex-col gap-1">
          <CardTitle id="personal-data-title">Who sees a sender's personal data</CardTitle>
          <CardDescription>
            What a payment's counterparty shares (names, birth dates, addresses…) is masked for every role not
            ticked here, in the approval queue, on payment pages and in the webhook inbox. Compliance officers
            reveal a masked field with a reason, kept in the audit log. Admins always see everything.
          </CardDescription>
        </div>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {/* The table shows while the stored settings load, its boxes disabled until they arrive. */}
        <QueryState query={stored} loading={table} error={{}}>
          {() => table}
        </QueryState>
        <div className="flex justify-end">
          <PermittedButton
            decision={manage}
            disabled={!changed || save.isPending}
            onClick={() => draft && save.mutate(draft)}
          >
            {save.isPending ? "Saving…" : "Save personal data settings"}
          </PermittedButton>
        </div>
      </CardContent>
    </Card>
  );
}

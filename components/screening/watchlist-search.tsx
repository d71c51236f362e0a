"use client";

import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { searchWatchlists } from "@/lib/client/api/screening";
import { fieldErrors } from "@/lib/universal/api/error-details";
import { listName } from "@/lib/universal/screening/records";
import { SEARCH_HITS_SHOWN, searchSummary } from "@/lib/universal/screening/search-summary";
import { ApiError } from "@/shared/api-error";
import { ScreeningHitView } from "./screening-hit";

/** Ad-hoc search: a name (with date of birth and nationality to corroborate) against the lists in use. */
export function WatchlistSearch() {
  const [name, setName] = useState("");
  const [dateOfBirth, setDateOfBirth] = useState("");
  const [nationality, setNationality] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [dobProblem, setDobProblem] = useState<string | null>(null);
  const search = useMutation({ mutationFn: searchWatchlists });
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (name.trim().length < 2) {
      setDobProblem(null);
      setProblem("Give a name of at least 2 characters.");
      return;
    }
    if (dateOfBirth.trim() && !/^\d{4}(-\d{2}(-\d{2})?)?$/.test(dateOfBirth.trim())) {
      setProblem(null);
      search.reset();
      setDobProblem("A date of birth as YYYY, YYYY-MM or YYYY-MM-DD.");
      return;
    }
    setProblem(null);
    setDobProblem(null);
    search.mutate({
      name: name.trim(),
      ...(dateOfBirth.trim() ? { dateOfBirth: dateOfBirth.trim() } : {}),
      ...(nationality.trim() ? { nationality: nationality.trim() } : {}),
    });
  };
  // A nationality the server could not place is said under its field.
  const nationalityProblem =
    search.error instanceof ApiError ? fieldErrors(search.error).nationality : undefined;
  const result = search.data;
  const summary = result ? searchSummary(result) : null;
  return (
    <Card aria-labelledby="search-heading">
      <CardHeader>
        <div>
          <CardTitle id="search-heading">Ad-hoc search</CardTitle>
          <CardDescription>
            A name as you were given it; a date of birth and nationality corroborate or contradict a match.
            Nothing is stored.
          </CardDescription>
        </div>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <form
          onSubmit={submit}
          noValidate
          // Aligned at the top: a field's error below it does not lift it above the others.
          className="grid gap-3 sm:grid-cols-[2fr_1fr_1fr_auto] sm:items-start"
        >
          <FormField label="Name" required error={problem ?? undefined}>
            <Input
              value={name}
              onChange={(e) => setName(e.target.value)}
              autoComplete="off"
              maxLength={200}
            />
          </FormField>
          <FormField label="Date of birth" error={dobProblem ?? undefined}>
            <Input
              value={dateOfBirth}
              onChange={(e) => setDateOfBirth(e.target.value)}
              placeholder="YYYY-MM-DD"
              autoComplete="off"
              maxLength={10}
            />
          </FormField>
          <FormField label="Nationality" error={nationalityProblem}>
            <Input
              value={nationality}
              onChange={(e) => setNationality(e.target.value)}
              placeholder="Country or code"
              autoComplete="off"
              maxLength={60}
            />
          </FormField>
          {/* Level with the inputs: the height of a field's label above it, on one line with them. */}
          <div className="flex flex-col gap-1.5">
            <span aria-hidden="true" className="hidden text-sm leading-none sm:block">
              &nbsp;
            </span>
            <Button type="submit" disabled={search.isPending}>
              {search.isPending ? "Searching…" : "Search the lists"}
            </Button>
          </div>
        </form>
        {search.isError && !nationalityProblem ? (
          <p className="text-sm text-red-700 dark:text-red-400">{search.error.message}</p>
        ) : null}
        {summary && result ? (
          <section aria-labelledby="search-results-heading" className="flex flex-col gap-3">
            <h3 id="search-results-heading" className="text-sm font-medium">
              {summary.heading}
            </h3>
            <p className="text-xs text-zinc-600 dark:text-zinc-400">
              Against{" "}
              {result.listVersions.map((v) => `${listName(v.listId)} ${v.issuedOn ?? ""}`.trim()).join(", ")}
              {summary.shown ? `. ${summary.shown}` : null}
            </p>
            {result.hits.slice(0, SEARCH_HITS_SHOWN).map((hit) => (
              <ScreeningHitView key={`${hit.listId}:${hit.entryId}`} hit={hit} headingLevel="h4" />
            ))}
          </section>
        ) : null}
      </CardContent>
    </Card>
  );
}

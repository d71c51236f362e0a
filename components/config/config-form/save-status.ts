/**
 * What the last press of the save bar came to, told in the bar itself, beside the button pressed next: a toast
 * (bottom right) stood over that button for seconds after each save or refusal.
 */
export type SaveNotice = {
  tone: "info" | "saved" | "attention";
  text: string;
  /** The proposal a "Change proposed" notice speaks of: the notice holds only while it waits. */
  proposalId?: string;
  /**
   * A refusal that left the edit on the page (someone changed what it changes meanwhile): said while the edit is
   * there, until it is reviewed again or discarded.
   */
  aboutTheEdit?: true;
};

/**
 * The line the bar says: a saved or informational notice until the form is edited again, a call for attention while
 * fields are in error, a refusal of the edit while it is on the page; otherwise whether there are unsaved changes, or that nothing has changed yet (the save
 * button waits until something does). A notice that a change was proposed is dropped once that proposal is decided
 * (approved, declined, withdrawn): the bar never says a proposal waits when none does.
 */
export function saveStatus({
  readOnly,
  reason,
  notice,
  isDirty,
  hasErrors,
  decidedProposals,
}: {
  readOnly: boolean;
  reason: string;
  notice: SaveNotice | null;
  isDirty: boolean;
  hasErrors: boolean;
  /** The ids of the proposals the page knows no longer wait. */
  decidedProposals: ReadonlySet<string>;
}): { tone: SaveNotice["tone"] | "plain"; text: string } {
  if (readOnly) return { tone: "plain", text: reason };
  if (notice?.proposalId !== undefined && decidedProposals.has(notice.proposalId)) notice = null;
  if (notice?.tone === "attention" && (hasErrors || (notice.aboutTheEdit && isDirty))) return notice;
  if (notice && notice.tone !== "attention" && !isDirty) return notice;
  return { tone: "plain", text: isDirty ? "You have unsaved changes." : NOTHING_CHANGED };
}

/** Why "Review changes" waits, said in the bar and by the button: the form is the configuration as saved. */
export const NOTHING_CHANGED = "Nothing has changed yet: edit a setting to review and save it.";

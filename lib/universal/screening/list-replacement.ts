/**
 * A new file of a list in use, read whole and kept aside until a second admin approves it (issue 48): replacing a
 * list can remove or change entries, so one admin alone could clear a listed person.
 */
export interface ListReplacement {
  listId: string;
  /** The file kept aside in the uploads folder (a name the upload made, `.proposed-<uuid>`). */
  staged: string;
  contentHash: string;
  issuedOn: string | null;
  entries: number;
  /** The version in use when proposed: approving after it changed supersedes the proposal. */
  replaces: { contentHash: string; issuedOn: string | null; entries: number };
  /** Against the entries in use: how many the file adds, removes and changes. */
  changes: { added: number; removed: number; changed: number };
}

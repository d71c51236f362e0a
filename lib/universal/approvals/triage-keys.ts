/** What a key does on the approval queue (keyboard triage). */
export type TriageAction = "next" | "previous" | "approve" | "reject" | "open" | "select" | "help";

/** The queue's keys, in the order the help lists them. */
export const TRIAGE_KEYS: readonly { key: string; action: TriageAction; does: string }[] = [
  { key: "J", action: "next", does: "Next payment (from a page's last, the next page)" },
  { key: "K", action: "previous", does: "Previous payment (from a page's first, the page before)" },
  { key: "A", action: "approve", does: "Approve the focused payment" },
  { key: "R", action: "reject", does: "Reject the focused payment (asks for a reason)" },
  { key: "O", action: "open", does: "Open the focused payment's page" },
  { key: "X", action: "select", does: "Select or unselect the focused payment" },
  { key: "?", action: "help", does: "Show these keys" },
];

const BY_KEY = new Map(TRIAGE_KEYS.map((entry) => [entry.key.toLowerCase(), entry.action]));

export interface TriageKeyPress {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  /** Typed into a field: never a shortcut. */
  typing: boolean;
  /** A dialog owns the keyboard. */
  dialogOpen: boolean;
  /**
   * Milliseconds since the last character typed into a field (Infinity when none was). A key that comes before
   * TYPING_PAUSE_MS have passed belongs to what was being typed, not to the queue: a field that vanished under the
   * typing (a dialog closed) sent the rest of the word to the shortcuts, and "r" opened a Reject dialog for another
   * payment with the rest of the word in its reason.
   */
  sinceTyping: number;
}

/** How long after the last character typed into a field the queue's single-key shortcuts wait. */
const TYPING_PAUSE_MS = 1_000;

/** Whether a key press is a character typed (a letter, a digit, a space, punctuation), not a control key. */
export function isTypedCharacter(key: string): boolean {
  return [...key].length === 1;
}

/**
 * The action a key press asks for, or null when it is not a queue shortcut (modifiers, typing, a dialog open, or
 * too soon after typing into a field).
 */
export function triageAction(press: TriageKeyPress): TriageAction | null {
  if (press.ctrlKey || press.metaKey || press.altKey || press.typing || press.dialogOpen) return null;
  if (press.sinceTyping < TYPING_PAUSE_MS) return null;
  return BY_KEY.get(press.key.toLowerCase()) ?? null;
}

/** The card index after moving by `step` from `current` in a list of `count` (clamped; -1 = none focused yet). */
export function moveFocus(current: number, step: 1 | -1, count: number): number {
  if (count === 0) return -1;
  if (current < 0) return step === 1 ? 0 : count - 1;
  return Math.min(count - 1, Math.max(0, current + step));
}

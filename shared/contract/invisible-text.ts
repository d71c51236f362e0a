/**
 * Control and invisible characters (zero-width, bidirectional marks) and any space but the plain one: a value holding
 * one reads as another to the person who approves it, and never matches what it is compared with.
 */
export const INVISIBLE_OR_UNUSUAL_SPACE = /[\p{Cc}\p{Cf}\u200B-\u200D\u2060]|(?! )\s/u;

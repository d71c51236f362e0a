/** Where the sandbox console keeps its log (this tab's session storage), and how many actions it keeps. */
export const STORAGE_KEY = "sandbox-console-log";
export const MAX_ENTRIES = 50;

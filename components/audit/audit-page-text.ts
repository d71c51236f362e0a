/** The audit page's heading, shared by the page (when refused) and the log (with its export). */
export const AUDIT_PAGE = {
  title: "Audit log",
  description:
    "Every change made through the console and every refused attempt: who, what, when. Each action is recorded before it is carried out, its outcome after, in a hash chain no one can quietly edit.",
} as const;

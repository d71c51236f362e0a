// A plain link, not next/link: the root's not-found boundary is part of every page's first load, and next/link
// would add its client code (3.3 kB gzipped) to each of them for a page nobody lands on by choice.
export default function NotFound() {
  return (
    <main className="mx-auto flex min-h-screen max-w-md flex-col items-center justify-center gap-3 p-8 text-center">
      <p className="font-mono text-sm text-zinc-500 dark:text-zinc-400">404</p>
      <h1 className="text-2xl font-semibold">This page does not exist</h1>
      <p className="text-zinc-600 dark:text-zinc-400">The address may be mistyped, or the page was moved.</p>
      <a
        href="/"
        className="mt-2 rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700"
      >
        Go to the overview
      </a>
    </main>
  );
}

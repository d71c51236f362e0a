import { QueryClient, QueryObserver } from "@tanstack/react-query";
import { afterEach, describe, expect, it } from "vitest";
import { refreshQueries } from "./refresh";

/**
 * A list on "the server": each fetch reads it when it starts and answers when the test lets it, as a slow request
 * answered before a change lands would.
 */
function slowServer(initial: string[]) {
  const server = { rows: [...initial], started: 0, held: [] as (() => void)[] };
  const fetchRows = () => {
    server.started++;
    const snapshot = [...server.rows];
    return new Promise<string[]>((resolve) => {
      server.held.push(() => resolve(snapshot));
    });
  };
  const answerAll = () => {
    for (const answer of server.held.splice(0)) answer();
  };
  return { server, fetchRows, answerAll };
}

const clients: QueryClient[] = [];
afterEach(() => {
  for (const client of clients.splice(0)) client.clear();
});

/** A query shown on a page (an observer keeps it active), its first fetch under way. */
function shownQuery(fetchRows: () => Promise<string[]>, key: string[]) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 30_000 } } });
  clients.push(queryClient);
  const observer = new QueryObserver(queryClient, { queryKey: key, queryFn: fetchRows });
  const unsubscribe = observer.subscribe(() => {});
  return { queryClient, observer, unsubscribe };
}

/** Answers every held fetch until none is left (bounded), then the query's data. */
async function settle(queryClient: QueryClient, key: string[], answerAll: () => void) {
  for (let round = 0; round < 10 && queryClient.isFetching({ queryKey: key }) > 0; round++) {
    answerAll();
    await new Promise((resolve) => setImmediate(resolve));
  }
  return queryClient.getQueryData<string[]>(key);
}

/**
 * A shown query with data, refreshing (its answer held), when a change lands and is announced: the rows it ends with,
 * and how many fetches were started before the announcement and in all.
 */
async function announcedDuringRefresh(options: { cancelRefetch: boolean }) {
  const { server, fetchRows, answerAll } = slowServer(["pay-1"]);
  const { queryClient, observer, unsubscribe } = shownQuery(fetchRows, ["approvals", "queue"]);
  await settle(queryClient, ["approvals", "queue"], answerAll);
  void observer.refetch();
  const startedBeforeAnnouncing = server.started;
  server.rows.push("pay-2");
  const refreshed = refreshQueries(queryClient, ["approvals"], options);
  const rows = await settle(queryClient, ["approvals", "queue"], answerAll);
  await refreshed;
  unsubscribe();
  return { rows, startedBeforeAnnouncing, started: server.started };
}

describe("refreshQueries", () => {
  it("fetches again after a first load that was under way when the change was announced", async () => {
    const { server, fetchRows, answerAll } = slowServer(["pay-1"]);
    const { queryClient, unsubscribe } = shownQuery(fetchRows, ["approvals", "queue"]);
    expect(server.started).toBe(1);
    // The change lands after the first load read the list, and is announced while it is still under way.
    server.rows.push("pay-2");
    const refreshed = refreshQueries(queryClient, ["approvals"], { cancelRefetch: false });
    expect(await settle(queryClient, ["approvals", "queue"], answerAll)).toEqual(["pay-1", "pay-2"]);
    await refreshed;
    expect(server.started).toBe(2);
    unsubscribe();
  });

  it("keeps a refresh under way and follows it with one, when told not to cancel (the stream's catch-up)", async () => {
    const outcome = await announcedDuringRefresh({ cancelRefetch: false });
    expect(outcome.startedBeforeAnnouncing).toBe(2);
    expect(outcome.rows).toEqual(["pay-1", "pay-2"]);
    expect(outcome.started).toBe(3);
  });

  it("cancels a refresh under way where the query shows data, and fetches once, when told to cancel", async () => {
    const outcome = await announcedDuringRefresh({ cancelRefetch: true });
    expect(outcome.rows).toEqual(["pay-1", "pay-2"]);
    expect(outcome.started).toBe(3);
  });

  it("fetches once when nothing was under way, and leaves other keys alone", async () => {
    const { server, fetchRows, answerAll } = slowServer(["pay-1"]);
    const { queryClient, unsubscribe } = shownQuery(fetchRows, ["approvals", "queue"]);
    await settle(queryClient, ["approvals", "queue"], answerAll);
    server.rows.push("pay-2");
    await refreshQueries(queryClient, ["team"], { cancelRefetch: false });
    expect(server.started).toBe(1);
    const refreshed = refreshQueries(queryClient, ["approvals"], { cancelRefetch: false });
    expect(await settle(queryClient, ["approvals", "queue"], answerAll)).toEqual(["pay-1", "pay-2"]);
    await refreshed;
    expect(server.started).toBe(2);
    unsubscribe();
  });

  it("does not follow a first load that failed with another: the page says what failed, with its own Try again", async () => {
    let started = 0;
    let fail: (error: Error) => void = () => {};
    const fetchRows = () => {
      started++;
      // A second request would fail as well, at once here (where the API does not answer, after as long again).
      if (started > 1) return Promise.reject(new Error("The payment API did not answer in time."));
      return new Promise<string[]>((_, reject) => {
        fail = reject;
      });
    };
    const { queryClient, observer, unsubscribe } = shownQuery(fetchRows, ["transactions", "list"]);
    // The stream opens and catches up while the first load waits on an API that does not answer.
    const refreshed = refreshQueries(queryClient, ["transactions"], { cancelRefetch: false });
    fail(new Error("The payment API did not answer in time."));
    await refreshed;
    expect(started).toBe(1);
    expect(observer.getCurrentResult().status).toBe("error");
    expect(queryClient.isFetching({ queryKey: ["transactions"] })).toBe(0);
    unsubscribe();
  });

  it("does not ask again for a record the API said does not exist, and does for one that failed otherwise", async () => {
    const asked = { missing: 0, failing: 0 };
    const answerWith = (status: number, code: string, counter: "missing" | "failing") => () => {
      asked[counter]++;
      return Promise.reject(Object.assign(new Error(code), { status, code }));
    };
    const missing = shownQuery(answerWith(404, "TRANSACTION_NOT_FOUND", "missing"), [
      "transaction",
      "Transaction:nope",
    ]);
    const failing = new QueryObserver(missing.queryClient, {
      queryKey: ["transaction", "Transaction:other"],
      queryFn: answerWith(502, "UPSTREAM_ERROR", "failing"),
    });
    const unsubscribeFailing = failing.subscribe(() => {});
    for (let round = 0; round < 10 && missing.queryClient.isFetching() > 0; round++)
      await new Promise((resolve) => setImmediate(resolve));
    expect(asked).toEqual({ missing: 1, failing: 1 });

    // The stream catches up (and later an event names transactions): the 502 is asked again, the 404 never.
    await refreshQueries(missing.queryClient, ["transaction"], { cancelRefetch: false });
    await refreshQueries(missing.queryClient, ["transaction"], { cancelRefetch: true });
    expect(asked).toEqual({ missing: 1, failing: 3 });
    expect(missing.observer.getCurrentResult().status).toBe("error");
    missing.unsubscribe();
    unsubscribeFailing();
  });
});

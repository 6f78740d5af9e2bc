import { load, startTrestle, stop } from './lib.ts';

/** The soak's goal: the 99th percentile within 100 ms and no error over the whole run. */
const goalP99Ms = 100;

/**
 * The soak (BENCH_PARTS=soak): one server on the bench database, `seconds` (60 by default) of the
 * Employee list without its total at 50 connections, after a 5 s warm-up. Says whether the goal was met.
 */
export async function soakRun(databaseUrl: string, listBody: object, seconds: number) {
  const trestle = await startTrestle(databaseUrl);
  try {
    const list = `${trestle.base}/api/Employee/getPageData`;
    const opts = {
      connections: 50,
      body: JSON.stringify({ ...listBody, count: false }),
      headers: { authorization: `Bearer ${trestle.token}` },
    };
    await load(list, { ...opts, seconds: 5 });
    const soak = await load(list, { ...opts, seconds });
    // autocannon's average a second times the duration: the total to within the rounding of the rate.
    const requests = Math.round(soak.requestsPerSecond * seconds);
    const met = soak.p99 <= goalP99Ms && soak.errors === 0 && soak.non2xx === 0;
    console.log(
      `soak ${seconds} s c=50: ~${requests} requests, ${soak.requestsPerSecond} req/s, p50 ${soak.p50} ms, p99 ${soak.p99} ms, ${soak.errors} errors, ${soak.non2xx} non-2xx: goal (p99 ≤ ${goalP99Ms} ms, 0 errors) ${met ? 'met' : 'NOT met'}`,
    );
    return { seconds, connections: 50, requests, ...soak, goalMet: met };
  } finally {
    await stop(trestle.child);
  }
}

import { describe, expect, it } from "vitest";
import { checkWrk, milliseconds, parseWrk, type WrkResult } from "./bench-wrk.ts";

const OUTPUT = `Running 15s test @ http://127.0.0.1:3000
  2 threads and 10 connections
  Latency Distribution
     50%   12.34ms
     75%   20.00ms
     90%   30.00ms
     99%    1.20s
  3000 requests in 15.00s, 150.00MB read
  Non-2xx or 3xx responses: 30
Requests/sec:    200.00
Transfer/sec:     10.00MB
`;

function problems(result: WrkResult): string[] {
  const found: string[] = [];
  checkWrk(
    {
      within: (what, value, min, max) => {
        if (!(value >= min && value <= max)) found.push(what);
      },
    },
    "list",
    result,
  );
  return found;
}

describe("wrk's report", () => {
  it("reads requests, rate, latencies and errors", () => {
    expect(parseWrk(OUTPUT)).toEqual({
      requests: 3000,
      requestsPerSecond: 200,
      p50: "12.34ms",
      p99: "1.20s",
      errors: 30,
    });
    expect(milliseconds("870.00us")).toBeCloseTo(0.87);
    expect(milliseconds("1.20s")).toBe(1200);
    expect(milliseconds("fast")).toBeNaN();
  });

  it("refuses a run that measured nothing", () => {
    expect(() => parseWrk("0 requests in 15.00s\nRequests/sec: 0.00\n")).toThrow(
      "measured nothing",
    );
  });

  it("finds a working run plausible and names what makes a run implausible", () => {
    const working = parseWrk(OUTPUT);
    expect(problems(working)).toEqual([]);
    expect(problems({ ...working, p50: "?" })).toEqual(["list: p50 in ms", "list: p99 in ms"]);
    expect(problems({ ...working, p99: "10.00ms" })).toEqual(["list: p99 in ms"]);
    expect(problems({ ...working, errors: 2000 })).toEqual(["list: share of errors"]);
  });
});

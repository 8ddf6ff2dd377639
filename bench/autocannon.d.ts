/** The part of autocannon's untyped API the benchmarks use. */
declare module 'autocannon' {
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
  }
  interface Result {
    requests: { average: number; total: number };
    non2xx: number;
    errors: number;
    timeouts: number;
  }
  function autocannon(options: Options): Promise<Result>;
  /** Loads `url` for `duration` seconds over `connections` connections and totals the answers. */
  export default autocannon;
}

/** The part of autocannon's API the bench uses (the package ships no types). */
declare module 'autocannon' {
  namespace autocannon {
    interface Request {
      method?: string;
      path?: string;
      headers?: Record<string, string>;
      body?: string;
      setupRequest?: (request: Request) => Request;
    }
    interface Options {
      url: string;
      connections?: number;
      duration?: number;
      method?: string;
      headers?: Record<string, string>;
      body?: string;
      requests?: Request[];
    }
    interface Histogram {
      average: number;
      total: number;
    }
    interface Result {
      requests: Histogram;
      errors: number;
      timeouts: number;
      non2xx: number;
    }
    /** The running instance (an EventEmitter): `response` for each answer, its time in ms. */
    interface Instance {
      on(
        event: 'response',
        listener: (client: unknown, statusCode: number, resBytes: number, responseTime: number) => void,
      ): Instance;
    }
  }
  function autocannon(options: autocannon.Options): Promise<autocannon.Result>;
  function autocannon(
    options: autocannon.Options,
    done: (error: Error | null, result: autocannon.Result) => void,
  ): autocannon.Instance;
  export default autocannon;
}

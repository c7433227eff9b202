import http from "node:http";

// The probe's HTTP client: node:http over loopback, one answer or one error per request, and a
// deadline per request (an answer that does not come in time is a hang, not a wait).

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface SendOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  agent?: http.Agent | false;
  timeoutMs?: number;
}

export class HangError extends Error {
  readonly code = "HANG";
}

export function send(url: string, options: SendOptions = {}): Promise<Answer> {
  return new Promise<Answer>((resolve, reject) => {
    const req = http.request(url, { method: options.method ?? "GET", headers: options.headers, agent: options.agent ?? false }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => {
        clearTimeout(timer);
        resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks).toString("utf8") });
      });
      res.on("error", (error) => {
        clearTimeout(timer);
        reject(error);
      });
    });
    const timer = setTimeout(() => {
      req.destroy(new HangError(`no answer within ${options.timeoutMs ?? 10_000} ms: ${options.method ?? "GET"} ${url.slice(0, 200)}`));
    }, options.timeoutMs ?? 10_000);
    req.on("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    req.end(options.body);
  });
}

/** A connection reset by the server (what a client sees when a server drops a request). */
export const isReset = (error: unknown) => {
  const e = error as NodeJS.ErrnoException;
  return e.code === "ECONNRESET" || e.code === "EPIPE" || /socket hang up/.test(e.message ?? "");
};

/** Runs `tasks` with at most `concurrency` at once. */
export async function pool<T>(items: readonly T[], concurrency: number, task: (item: T, index: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        await task(items[i]!, i);
      }
    }),
  );
}

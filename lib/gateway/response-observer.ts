// A hook that sees every response of the API after its headers are final. Unset in production;
// the test setup (test-support/gateway/provider/setup.ts) sets it to check responses against the
// provider's contract.

export type ResponseObserver = (method: string, path: string, res: Response) => void;

const g = globalThis as unknown as { __rosterResponseObserver?: ResponseObserver };

export function setResponseObserver(observer: ResponseObserver | undefined): void {
  g.__rosterResponseObserver = observer;
}

export function notifyResponseObserver(method: string, path: string, res: Response): void {
  g.__rosterResponseObserver?.(method, path, res);
}

export function hasResponseObserver(): boolean {
  return g.__rosterResponseObserver !== undefined;
}

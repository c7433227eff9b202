export interface E2EPorts {
  console: number;
  sandbox: number;
  production: number;
}
export interface PortNeed {
  port: number;
  what: string;
  variable?: string;
}
export const DEFAULT_PORTS: Readonly<E2EPorts>;
export const HOST: string;
export const E2E_PORT_VARIABLES: Readonly<Record<keyof E2EPorts, { variable: string; what: string }>>;
export const E2E_PORTS_CHECKED: string;
export const PORT_TAKEN_EXIT_CODE: number;
export function listenError(port: number, host?: string): Promise<string | null>;
export function freePorts(count: number, host?: string): Promise<number[]>;
export function portTakenLine(need: PortNeed, code: string, advice: string): string;
export function firstTakenPort(needs: readonly PortNeed[], advice: string): Promise<string | null>;
export function resolveE2EPorts(
  env: Record<string, string | undefined>,
): Promise<{ ok: true; ports: E2EPorts } | { ok: false; line: string }>;
export function e2ePortEnv(ports: E2EPorts): Record<string, string>;

import type { ChildProcess } from "node:child_process";

export interface ClusterApp {
  index: number;
  port: number;
  url: string;
  child: ChildProcess;
  exited: Promise<unknown>;
}
export interface Cluster {
  url: string;
  databaseUrl: string;
  redisUrl: string;
  apps: ClusterApp[];
  kill(i: number, signal?: NodeJS.Signals): Promise<void>;
  restart(i: number): Promise<void>;
  stop(): Promise<void>;
}
/** A failure the operator can act on: its message is the whole report (no stack trace). */
export class ClusterError extends Error {}
export function startCluster(opts?: {
  instances?: number;
  port?: number;
  basePort?: number;
  database?: string;
  pgAdminUrl?: string;
  databaseUrl?: string;
  redisUrl?: string;
  dir?: string;
  dataDir?: string;
  env?: Record<string, string>;
  log?: (line: string) => void;
  /** install missing binaries from Debian's packages (as root with apt-get) */
  install?: boolean;
  /** how long an instance or nginx may take to answer (default 180 s) */
  startTimeoutMs?: number;
  /** aborting it stops start-up and what had started */
  signal?: AbortSignal;
}): Promise<Cluster>;
export function checkPrerequisites(opts?: {
  postgres?: boolean;
  redis?: boolean;
  pgAdminUrl?: string;
  redisPort?: number;
  install?: boolean;
  log?: (line: string) => void;
}): Promise<string>;
export function findBinary(name: string): string | undefined;
export function findNginx(): string | undefined;
export function ensurePostgres(adminUrl: string, database: string): Promise<void>;
export function ensureRedis(port?: number): Promise<void>;
/** nginx's configuration before the instances (with `gzip`, it also compresses what they send plain). */
export function nginxConfig(opts: { port: number; upstreams: string[]; dir: string; gzip?: boolean }): string;

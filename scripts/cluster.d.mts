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
}): Promise<Cluster>;
export function ensurePostgres(adminUrl: string, database: string): Promise<void>;
export function ensureRedis(port?: number): Promise<void>;
